import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildChangesSchema, changedFileCount, diffBuilds } from '../../../core/build/build-changes.ts';
import { diffDist } from '../../../scripts/lib/diff-dist.ts';

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'shingle-diff-'));
  temps.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('diffBuilds', () => {
  it('sorts files into added, changed, removed and counts the unchanged', () => {
    const before = new Map([
      ['a', '1'],
      ['b', '2'],
      ['gone', '3'],
    ]);
    const after = new Map([
      ['b', '2'],
      ['a', '9'],
      ['new', '4'],
    ]);
    const changes = diffBuilds(before, after);
    expect(changes).toEqual({ version: 1, hadPrevious: true, added: ['new'], changed: ['a'], removed: ['gone'], unchanged: 1 });
    expect(changedFileCount(changes)).toBe(3);
    expect(BuildChangesSchema.parse(changes)).toEqual(changes);
  });

  it('without a previous build every file is added', () => {
    const changes = diffBuilds(null, new Map([['x', '1']]));
    expect(changes.hadPrevious).toBe(false);
    expect(changes.added).toEqual(['x']);
  });
});

describe('diffDist', () => {
  it('compares two folders by content, every encoding a file of its own', async () => {
    const previous = tree({ 'index.html': 'same', 'index.html.gz': 'zz', 'reviews/page/1/index.html': 'old page', 'old.json': '{}' });
    // Same size, other bytes: found by the hash, not the size.
    const next = tree({ 'index.html': 'same', 'index.html.gz': 'zy', 'reviews/page/1/index.html': 'a longer new page', 'new.json': '[]' });
    const changes = await diffDist(previous, next);
    expect(changes.added).toEqual(['new.json']);
    expect(changes.changed).toEqual(['index.html.gz', 'reviews/page/1/index.html']);
    expect(changes.removed).toEqual(['old.json']);
    expect(changes.unchanged).toBe(1);
  });

  it('a missing previous folder counts as no previous build', async () => {
    const next = tree({ 'a.txt': 'a' });
    expect((await diffDist(join(next, 'nope'), next)).hadPrevious).toBe(false);
  });
});
