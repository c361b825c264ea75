import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../scripts/lib/write-file-atomic.ts';

const dir = mkdtempSync(join(tmpdir(), 'shingle-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('writeFileAtomic', () => {
  it('keeps the mode of the file it replaces (init rewrote a 0600 .env holding secrets as 0644)', () => {
    const env = join(dir, '.env');
    writeFileSync(env, 'GOOGLE_CLIENT_SECRET=s3cret\n');
    chmodSync(env, 0o600);
    writeFileAtomic(env, 'GOOGLE_CLIENT_SECRET=s3cret\nCONTENT_DIR=roofs\n');
    expect(modeOf(env)).toBe(0o600);
    expect(readFileSync(env, 'utf8')).toContain('CONTENT_DIR=roofs');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it("gives a new file the umask's mode, and a mode asked for exactly", () => {
    const fresh = join(dir, 'fresh.json');
    writeFileAtomic(fresh, '{}');
    expect(modeOf(fresh)).toBe(0o666 & ~process.umask());
    const kept = join(dir, 'private.json');
    writeFileAtomic(kept, '{}', { mode: 0o600 });
    expect(modeOf(kept)).toBe(0o600);
  });
});
