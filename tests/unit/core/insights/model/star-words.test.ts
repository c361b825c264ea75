import { describe, expect, it } from 'vitest';
import { starBucket, starSum } from '../../../../../core/insights/model/star-words.ts';
import { scoreSentence } from '../../../../../core/insights/score-sentence.ts';
import { tokenize } from '../../../../../core/insights/tokenize.ts';

const words = new Map([
  ['prompt', 1.2],
  ['late', -1.4],
]);
const sum = (text: string) => {
  const s = scoreSentence(tokenize(text));
  return starSum(s, 0, s.tokens.length, words);
};

describe('starSum', () => {
  it('adds the scores of the words it knows', () => {
    expect(sum('They were prompt but late.')).toBeCloseTo(-0.2);
  });

  it('turns a word just after a negator in the same clause', () => {
    expect(sum('They were not late.')).toBeCloseTo(1.4);
    expect(sum('Not once, they were late.')).toBeCloseTo(-1.4); // another clause: not turned
  });
});

describe('starBucket', () => {
  it('names the side of each boundary', () => {
    expect([-2, -1, 0, 1, 2].map(starBucket)).toEqual(['<-1.5', '-1.5..-0.5', '-0.5..0.5', '0.5..1.5', '>1.5']);
  });
});
