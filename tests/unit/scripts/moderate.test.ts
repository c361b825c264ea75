import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runModerate } from '../../../scripts/moderate.ts';
import { SAMPLE_CONTENT } from '../../helpers/build-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'shingle-moderate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync(SAMPLE_CONTENT, dir, { recursive: true });
const record = (id: string) =>
  readFileSync(join(dir, 'reviews', `${id.slice(2, 6)}.jsonl`), 'utf8')
    .split('\n')
    .map((l) => (l ? (JSON.parse(l) as { id: string; verification: Record<string, string> }) : null))
    .find((r) => r?.id === id)!;

describe('npm run moderate', () => {
  it('says which decision it replaces, so an owner never overrides an earlier one unawares', () => {
    const id = 'r-2023-0001';
    const before = record(id).verification;
    expect(before.status).toBe('verified');
    const rejected = runModerate(dir, id, { action: 'reject', reason: 'spam', note: 'a link to another company' }, '2026-11-20');
    expect(rejected.written).not.toBeNull();
    expect(rejected.replaced).toBe(`verified (${before.method}${before.reference ? `, ${before.reference}` : ''}) on ${before.verifiedOn}`);
    expect(record(id).verification).toMatchObject({ status: 'rejected', reason: 'spam' });
    // The same decision again changes nothing and replaces nothing.
    expect(runModerate(dir, id, { action: 'reject', reason: 'spam', note: 'a link to another company' }, '2026-11-20')).toEqual({
      written: null,
      replaced: null,
    });
  });

  it('says nothing is replaced when the review was only waiting to be verified', () => {
    expect(record('r-2021-0029').verification.status).toBe('unverified');
    const verified = runModerate(dir, 'r-2021-0029', { action: 'verify', reason: 'phone-confirmed' }, '2026-11-20');
    expect(verified.written).not.toBeNull();
    expect(verified.replaced).toBeNull();
  });
});
