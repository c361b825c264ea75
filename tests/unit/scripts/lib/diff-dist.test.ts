import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempTrees } from '../../../helpers/temp-tree.ts';
import { diffDist } from '../../../../scripts/lib/diff-dist.ts';

const tree = useTempTrees('shingle-diff-');

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
