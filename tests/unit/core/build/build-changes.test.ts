import { describe, expect, it } from 'vitest';
import { BuildChangesSchema, changedFileCount, diffBuilds } from '../../../../core/build/build-changes.ts';

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
