import { describe, expect, it } from 'vitest';
import { SUBJECTIVITY_WORDS } from '../../../../../core/insights/lexicon/subjectivity-words.ts';
import { collect, targetFeatures } from '../../../../../core/insights/model/sentence-features.ts';
import { scoreSentence } from '../../../../../core/insights/score-sentence.ts';
import { tokenize } from '../../../../../core/insights/tokenize.ts';

/** The subjectivity features of a sentence's implicit target (the whole sentence is its context). */
function subjectivity(text: string): Map<string, number> {
  const sentence = scoreSentence(tokenize(text));
  const x = new Map<string, number>();
  targetFeatures(collect(x), { sentence, from: null, to: null, aspect: 'cleanup', ruleScore: 0, sentenceScore: 0 });
  return new Map([...x].filter(([name]) => name.startsWith('subj')));
}

describe('the subjectivity lexicon (Pattern, PDDL)', () => {
  it('holds its 1,514 words with polarity −1…1 and subjectivity 0…1', () => {
    expect(SUBJECTIVITY_WORDS.size).toBe(1514);
    for (const { polarity, subjectivity } of SUBJECTIVITY_WORDS.values()) {
      expect(Math.abs(polarity)).toBeLessThanOrEqual(1);
      expect(subjectivity).toBeGreaterThanOrEqual(0);
      expect(subjectivity).toBeLessThanOrEqual(1);
    }
    expect(SUBJECTIVITY_WORDS.get('nice')).toEqual({ polarity: 0.6, subjectivity: 1 });
  });
});

describe('subjectivity features', () => {
  it('say a plain fact has no opinion word', () => {
    expect(subjectivity('The crew arrived at seven and took the old shingles off.').get('subj:0')).toBe(1);
  });

  it('count opinion words and sum their polarity', () => {
    const f = subjectivity('The crew was nice and careful.');
    expect(f.get('subj:2')).toBe(1);
    expect(f.get('subjp:4')).toBe(1); // 0.5 or more
    expect(f.get('subjpc')).toBeCloseTo(0.6 + -0.1); // nice 0.6, careful −0.1 (Pattern's average of its senses)
  });

  it('turn a word just after a negator in the same clause', () => {
    const f = subjectivity('The crew was not nice.');
    expect(f.get('subjp:0')).toBe(1); // below −0.5
    expect(f.get('subjpc')).toBeCloseTo(-0.6);
  });

  it('read an adverb by its adjective, which the lexicon lists', () => {
    expect(subjectivity('The crew worked carefully.').get('subj:1')).toBe(1);
    expect(subjectivity('The crew worked.').get('subj:0')).toBe(1);
    expect(subjectivity('They were not helpful and answered rudely.').get('subjpc')).toBeLessThan(0);
  });
});
