import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../../../core/insights/split-sentences.ts';

describe('splitSentences', () => {
  it('splits at end punctuation and line breaks, not after initials or abbreviations', () => {
    const text = 'Kyle B. did the gutters. Great job!! Dr. Smith agreed?\nYes';
    expect(splitSentences(text).map((s) => text.slice(s.start, s.end))).toEqual([
      'Kyle B. did the gutters.',
      'Great job!!',
      'Dr. Smith agreed?',
      'Yes',
    ]);
    expect(splitSentences('   ')).toEqual([]);
  });
});
