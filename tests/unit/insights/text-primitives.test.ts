import { describe, expect, it } from 'vitest';
import { quarterOf, quarterRange } from '../../../core/insights/quarter.ts';
import { splitSentences } from '../../../core/insights/split-sentences.ts';
import { tokenize } from '../../../core/insights/tokenize.ts';

describe('tokenize', () => {
  it('keeps offsets, folds apostrophes, splits hyphenated words and keeps numbers whole', () => {
    const text = 'No-show, didn’t call! $2,400 total.';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(['no', 'show', ',', "didn't", 'call', '!', '$2,400', 'total', '.']);
    for (const t of tokens) expect(text.slice(t.start, t.end).toLowerCase().replace('’', "'")).toBe(t.norm);
  });
});

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

describe('quarters', () => {
  it('labels dates and fills the range between two quarters', () => {
    expect(quarterOf('2024-03-31')).toBe('2024-Q1');
    expect(quarterOf('2024-10-01')).toBe('2024-Q4');
    expect(quarterRange('2023-Q4', '2024-Q2')).toEqual(['2023-Q4', '2024-Q1', '2024-Q2']);
    expect(quarterRange('2024-Q2', '2024-Q2')).toEqual(['2024-Q2']);
  });
});
