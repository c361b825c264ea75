import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeCodeHash, computeInputsHash } from '../../../../sidecar/build/build-inputs.ts';
import { CONTENT_LOCK_PREFIX } from '../../../../core/content/content-lock-name.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const settings = { BASE_URL: 'https://roofer.example', SINCE_WINDOW_DAYS: 31 };
const scratch = mkdtempSync(join(tmpdir(), 'shingle-inputs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function contentCopy(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  return dir;
}

describe('computeInputsHash', () => {
  const original = computeInputsHash(ROOT, join(ROOT, 'content'), settings);

  it('is the same for the same content in another folder (a copy, another CONTENT_DIR)', () => {
    expect(computeInputsHash(ROOT, contentCopy('a/deeper/copy'), settings)).toBe(original);
  });

  it('leaves out the content lock a running command holds in the folder (and its stale copies)', () => {
    const locked = contentCopy('locked');
    writeFileSync(join(locked, `${CONTENT_LOCK_PREFIX}0123456789abcdef`), '4242 12345');
    writeFileSync(join(locked, `${CONTENT_LOCK_PREFIX}0123456789abcdef.stale.4242.0a1b`), '4241');
    expect(computeInputsHash(ROOT, locked, settings)).toBe(original);
  });

  it('changes with one byte of content, a renamed content file, or a setting', () => {
    const edited = contentCopy('edited');
    writeFileSync(join(edited, 'business.json'), ' ', { flag: 'a' });
    expect(computeInputsHash(ROOT, edited, settings)).not.toBe(original);
    const renamed = contentCopy('renamed');
    renameSync(join(renamed, 'business.json'), join(renamed, 'business-2.json'));
    expect(computeInputsHash(ROOT, renamed, settings)).not.toBe(original);
    expect(computeInputsHash(ROOT, join(ROOT, 'content'), { ...settings, SINCE_WINDOW_DAYS: 30 })).not.toBe(original);
  });
});

describe('computeCodeHash', () => {
  // Found by an adversarial review: a page reused from a build under another Node keeps that Node's Intl formatting.
  it('changes with the runtime that renders the pages (Node, ICU, time zone data), not only with the code', () => {
    const here = computeCodeHash(ROOT, settings);
    expect(computeCodeHash(ROOT, settings, { ...process.versions })).toBe(here);
    expect(computeCodeHash(ROOT, settings, { ...process.versions, icu: '0.0' })).not.toBe(here);
    expect(computeCodeHash(ROOT, settings, { ...process.versions, tz: '1970a' })).not.toBe(here);
    expect(computeCodeHash(ROOT, settings, { ...process.versions, node: '0.0.0' })).not.toBe(here);
  });
});
