import { describe, expect, it } from 'vitest';
import { firstK } from '../../../../core/model/first-k.ts';
import { createRandom } from '../../../../core/random/create-random.ts';

describe('firstK', () => {
  it('gives what a stable sort and a slice give, equal items in their order', () => {
    const random = createRandom(7);
    for (let round = 0; round < 200; round++) {
      const items = Array.from({ length: Math.floor(random() * 60) }, (_, i) => ({ key: Math.floor(random() * 8), at: i }));
      const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
      for (const k of [0, 1, 3, 10, 100]) expect(firstK(items, k, compare)).toEqual([...items].sort(compare).slice(0, k));
    }
  });

  it('with same, gives what walking the sorted items and skipping any already taken gives', () => {
    const random = createRandom(11);
    type Item = { group: number; rank: number; at: number };
    const compare = (a: Item, b: Item) => b.rank - a.rank;
    const same = (a: Item, b: Item) => a.group === b.group;
    for (let round = 0; round < 300; round++) {
      const items: Item[] = Array.from({ length: Math.floor(random() * 50) }, (_, at) => ({
        group: Math.floor(random() * 10),
        rank: Math.floor(random() * 6),
        at,
      }));
      for (const k of [0, 1, 3, 20]) {
        const expected: Item[] = [];
        for (const x of [...items].sort(compare)) if (expected.length < k && !expected.some((y) => same(x, y))) expected.push(x);
        const got = firstK(items, k, compare, same);
        expect(got).toHaveLength(expected.length);
        got.forEach((x, i) => expect(x).toBe(expected[i]));
      }
    }
  });

  it('reads any iterable once', () => {
    function* numbers() {
      yield* [5, 1, 4, 1, 3];
    }
    expect(firstK(numbers(), 2, (a, b) => a - b)).toEqual([1, 1]);
  });
});
