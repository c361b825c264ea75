import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { absaLines } from '../../../../core/insights/absa-lines.ts';
import { ROOT } from '../../../helpers/build-fixture.ts';
import { business, lexicon } from '../../../helpers/sample-model.ts';
import { classifyTerm, detectAspects } from '../../../../core/insights/classify-aspect.ts';
import { absaModel } from '../../../../core/insights/model/absa-model.ts';

describe('absaLines', () => {
  it('looks up an aspect that is neither an offset term nor an inventory id as a term in the text', () => {
    const { lines } = absaLines(JSON.stringify({ id: 1, text: 'The gutters look great.', aspect: 'gutters' }), business, 'polarity');
    expect(lines).toEqual(['{"id":1,"polarity":"positive"}']);
  });
  it('classifies the own roofing examples at 90% or better (regression guard)', () => {
    const text = readFileSync(join(ROOT, 'tests/fixtures/insights/roofing-dev.jsonl'), 'utf8');
    const gold = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { polarity: string });
    const { lines } = absaLines(text, business, 'polarity');
    const correct = lines.filter((l, i) => JSON.parse(l).polarity === gold[i]!.polarity).length;
    expect(correct / gold.length).toBeGreaterThanOrEqual(0.9);
  });
});

describe('absaLines with the review rating', () => {
  it('reads a line with its review rating (rating, or stars as the corpus names it) as the build reads it, and without one bare', () => {
    // A plain fact: read as a complaint in a 1-star review, as praise in a 5-star one, neutral bare.
    const text = 'The crew came on a Tuesday.';
    const from = text.indexOf('crew');
    const line = (extra: object) => JSON.stringify({ id: 1, text, aspect: 'crew', from, to: from + 4, ...extra });
    const read = (extra: object) => (JSON.parse(absaLines(line(extra), business, 'polarity').lines[0]!) as { polarity: string }).polarity;
    for (const rating of [1, 5]) {
      expect(read({ rating })).toBe(classifyTerm(text, from, from + 4, { lexicon, model: absaModel(), review: { rating } }));
      expect(read({ stars: rating })).toBe(read({ rating }));
    }
    expect(read({})).toBe(classifyTerm(text, from, from + 4, { lexicon, model: absaModel() }));
    expect(new Set([read({ rating: 1 }), read({ rating: 5 }), read({})]).size).toBe(3);
    const fact = 'The adjuster came out twice.';
    const detect = (extra: object) => absaLines(JSON.stringify({ id: 1, text: fact, ...extra }), business, 'detect').lines[0];
    expect(detect({ rating: 5 })).toBe(JSON.stringify({ id: 1, aspects: detectAspects(fact, lexicon, absaModel(), { rating: 5 }) }));
    expect(detect({ rating: 5 })).not.toBe(detect({}));
  });

  it('reads null as not known: a null rating or stars bare, null offsets as absent (one such line must not cost the file)', () => {
    const text = 'The crew came on a Tuesday.';
    const from = text.indexOf('crew');
    const polarity = (line: object) => absaLines(JSON.stringify({ id: 1, text, ...line }), business, 'polarity');
    const bare = polarity({ aspect: 'crew', from, to: from + 4 });
    expect(bare.errors).toEqual([]);
    expect(polarity({ aspect: 'crew', from, to: from + 4, rating: null, stars: null })).toEqual(bare);
    // A category id with null offsets is read as one without offsets (the whole text), not refused.
    const byCategory = polarity({ aspect: 'professionalism' });
    expect(byCategory.lines).toHaveLength(1);
    expect(polarity({ aspect: 'professionalism', from: null, to: null })).toEqual(byCategory);
    const detect = (line: object) => absaLines(JSON.stringify({ id: 1, text, ...line }), business, 'detect');
    expect(detect({ rating: null })).toEqual(detect({}));
  });

  it('refuses a rating outside 1–5', () => {
    const { lines, errors } = absaLines(JSON.stringify({ id: 1, text: 'Fine.', aspect: 'price', rating: 6 }), business, 'polarity');
    expect(lines).toEqual([]);
    expect(errors[0]).toMatch(/line 1: rating/);
  });
});
