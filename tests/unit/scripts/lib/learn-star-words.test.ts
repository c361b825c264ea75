import { describe, expect, it } from 'vitest';
import { learnStarWords } from '../../../../scripts/lib/learn-star-words.ts';

const sentences = (text: string, stars: number, n: number) => Array.from({ length: n }, () => ({ text, stars }));

describe('learnStarWords', () => {
  it('scores a word by how much more often it occurs in praise (4–5 stars) than in complaints (1–2 stars)', () => {
    const table = learnStarWords([
      ...sentences('The crew was prompt and tidy.', 5, 20),
      ...sentences('The crew was late and sloppy.', 1, 20),
      ...sentences('The crew was late again.', 3, 50), // three stars: neither side
      { text: 'A word seen once: zebra.', stars: 5 },
    ]);
    expect(table.get('prompt')).toBeGreaterThan(2);
    expect(table.get('sloppy')).toBeLessThan(-2);
    expect(table.get('late')).toBeLessThan(-2); // the 3-star sentences do not count
    expect(table.has('crew')).toBe(false); // as common on both sides: says nothing
    expect(table.has('zebra')).toBe(false); // too rare
  });

  it('is the same table for the same sentences in any order (deterministic weights)', () => {
    const items = [...sentences('Great job.', 5, 6), ...sentences('Awful job.', 1, 6), { text: 'No stars here.', stars: null }];
    expect([...learnStarWords(items)]).toEqual([...learnStarWords([...items].reverse())]);
  });
});
