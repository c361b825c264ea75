import { chmodSync, chownSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempTrees } from '../../../helpers/temp-tree.ts';
import { compareDist, readFileRecord, writeFileRecord } from '../../../../scripts/lib/diff-dist.ts';

const tree = useTempTrees('shingle-record-');

describe('the record of the previous build (diff without reading it again)', () => {
  it('compares by the recorded hashes: none of the previous build’s files is read', async () => {
    const previous = tree({ 'a.html': 'same', 'b.html': 'old!', 'c.html': 'gone' });
    const outDir = join(dirname(previous), 'dist-a');
    const when = new Date('2026-01-01T00:00:00Z'); // a whole second: set again exactly below
    utimesSync(join(previous, 'a.html'), when, when);
    writeFileRecord(outDir, previous, (await compareDist(null, previous)).record);
    // Other bytes under the recorded size and time: only a comparison that reads the file would see them.
    writeFileSync(join(previous, 'a.html'), 'SAME');
    utimesSync(join(previous, 'a.html'), when, when);
    const next = tree({ 'a.html': 'same', 'b.html': 'new!', 'd.html': 'more' });
    const { changes } = await compareDist(previous, next, { previousRecord: (await readFileRecord(outDir, previous)).files });
    expect([changes.added, changes.changed, changes.removed, changes.unchanged]).toEqual([['d.html'], ['b.html'], ['c.html'], 1]);
    expect((await compareDist(previous, next)).changes.changed).toEqual(['a.html', 'b.html']); // without the record: read
  });

  it('a previous file changed since it was recorded (same size, other bytes) is read, never trusted', async () => {
    const previous = tree({ 'a.html': 'same' });
    const outDir = join(dirname(previous), 'dist-b');
    writeFileRecord(outDir, previous, (await compareDist(null, previous)).record);
    writeFileSync(join(previous, 'a.html'), 'diff');
    const t = statSync(join(previous, 'a.html')).mtime;
    utimesSync(join(previous, 'a.html'), t, new Date(t.getTime() + 5000)); // a later mtime whatever the clock's resolution
    const next = tree({ 'a.html': 'same' });
    const { changes } = await compareDist(previous, next, { previousRecord: (await readFileRecord(outDir, previous)).files });
    expect(changes.changed).toEqual(['a.html']);
  });

  it('a record of another build, or a damaged one, is not used', async () => {
    const previous = tree({ 'a.html': 'same' });
    const outDir = join(dirname(previous), 'dist-c');
    writeFileRecord(outDir, previous, (await compareDist(null, previous)).record);
    expect((await readFileRecord(outDir, previous)).files.size).toBe(1);
    expect((await readFileRecord(outDir, join(previous, 'other'))).files.size).toBe(0);
    expect((await readFileRecord(outDir, null)).files.size).toBe(0);
    writeFileSync(join(dirname(previous), '.dist-c.files.json'), '{"version":1,');
    expect((await readFileRecord(outDir, previous)).files.size).toBe(0);
  });

  // Found by an adversarial review: beside a DIST_DIR in a shared folder, somebody else may write the record.
  it('a record that is not this user’s own file is not used', async () => {
    const previous = tree({ 'a.html': 'same' });
    const outDir = join(dirname(previous), 'dist-d');
    writeFileRecord(outDir, previous, (await compareDist(null, previous)).record);
    expect((await readFileRecord(outDir, previous)).files.size).toBe(1);
    chownSync(join(dirname(previous), '.dist-d.files.json'), 65534, 65534);
    expect((await readFileRecord(outDir, previous)).files.size).toBe(0);
  });

  it('is written writable by this user alone, and one that others may write (a umask of 002) is not used', async () => {
    const previous = tree({ 'a.html': 'same' });
    const outDir = join(dirname(previous), 'dist-e');
    const old = process.umask(0o002);
    try {
      writeFileRecord(outDir, previous, (await compareDist(null, previous)).record);
    } finally {
      process.umask(old);
    }
    const file = join(dirname(previous), '.dist-e.files.json');
    expect(statSync(file).mode & 0o777).toBe(0o644);
    expect((await readFileRecord(outDir, previous)).files.size).toBe(1);
    chmodSync(file, 0o664);
    expect((await readFileRecord(outDir, previous)).files.size).toBe(0);
  });

  it('takes the hashes of the bytes the build wrote instead of reading them', async () => {
    const next = tree({ 'a.html': 'real' });
    const { record } = await compareDist(null, next, { known: new Map([['a.html', 'f'.repeat(64)]]) });
    expect(record.get('a.html')![2]).toBe('f'.repeat(64));
  });
});
