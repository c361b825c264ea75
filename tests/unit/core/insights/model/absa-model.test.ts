import { describe, expect, it } from 'vitest';
import { analyzeSentences, findAspectMentions } from '../../../../../core/insights/analyze-text.ts';
import { classifyTerm } from '../../../../../core/insights/classify-aspect.ts';
import { absaModel, AbsaWeightsSchema, linearScorer, loadModel, RULES_ONLY } from '../../../../../core/insights/model/absa-model.ts';
import { textFeatures } from '../../../../../core/insights/model/sentence-features.ts';
import { addTextScores } from '../../../../../core/insights/model/text-table.ts';
import { polarityOf } from '../../../../../core/insights/polarity.ts';
import type { CorpusItem } from '../../../../../scripts/lib/absa-corpus.ts';
import { COMPLAINTS, PRAISE } from '../../../../../scripts/lib/review-phrases.ts';
import { stableJson, trainAbsaModel, DEFAULT_HYPER } from '../../../../../scripts/lib/train-absa-model.ts';
import { business, lexicon } from '../../../../helpers/sample-model.ts';

const aspects = business.aspects.map((a) => a.id);
const zeros = (n: number) => new Array<number>(n).fill(0);
const at = (name: string, i: number, w: number) => ({ [name]: zeros(aspects.length).map((_, k) => (k === i ? w : 0)) });

// A hand-set model: trusts the rules' mentions and scores, vetoes cleanup when the sentence is about
// the weather, and reads "snail" as a slow (timeliness) complaint no lexicon term names.
const model = loadModel({
  format: 'shingle-absa-model',
  version: 1,
  trainedOn: { note: 'hand-set for tests' },
  category: {
    aspects,
    bias: zeros(aspects.length).map(() => -4),
    threshold: 0.5,
    veto: 0.5,
    weights: {
      ...Object.fromEntries(aspects.map((a, i) => [`rule:${a}`, zeros(aspects.length).map((_, k) => (k === i ? 8 : 0))])),
      ...at('u:weather', aspects.indexOf('cleanup'), -10),
      ...at('u:snail', aspects.indexOf('timeliness'), 10),
    },
  },
  polarity: { classes: ['positive', 'negative', 'neutral'], bias: [0, 0, 0.5], trust: 0, weights: { rsc: [4, -4, 0], 'u:snail': [0, 6, 0] } },
});
const read = (text: string, m = model) => findAspectMentions(analyzeSentences(text), lexicon, m).map((x) => `${x.aspect}:${x.polarity}`);

describe('learned layers', () => {
  it('keep what the rules read when the model agrees', () => {
    expect(read('The cleanup was spotless.')).toEqual(read('The cleanup was spotless.', RULES_ONLY));
  });

  it('veto a spurious mention and add an implicit one', () => {
    expect(read('The yard was a mess after the weather, not their fault.', RULES_ONLY)).toContain('cleanup:negative');
    expect(read('The yard was a mess after the weather, not their fault.')).not.toContain('cleanup:negative');
    expect(read('They moved at a snail pace.', RULES_ONLY)).toEqual([]);
    expect(read('They moved at a snail pace.')).toEqual(['timeliness:negative']);
  });

  it('give scores on the rules scale that agree with the polarity', () => {
    for (const m of findAspectMentions(
      analyzeSentences('Great crew, but the bill was way over the quote. They moved at a snail pace.'),
      lexicon,
      model,
    )) {
      expect(polarityOf(m.score)).toBe(m.polarity);
    }
  });

  it('read a term through the polarity layer', () => {
    const text = 'The crew worked at a snail pace.';
    expect(classifyTerm(text, 4, 8, { model })).toBe('negative');
  });

  it('ship a weights file that validates', () => {
    expect(absaModel().version).toBeGreaterThanOrEqual(1);
  });
});

describe('fast text scoring', () => {
  it('gives the same scores as the flat feature table (shipped model)', () => {
    const texts = ['The crew was late twice, and nobody called?!', 'Final bill: $2,400 — way over the quote.', 'leaks r fixed, chargd fair'];
    const model = absaModel();
    for (const text of texts) {
      for (const { scored: s } of analyzeSentences(text)) {
        const category = [...model.category!.bias];
        const polarity = [...model.polarity!.bias];
        addTextScores(model.text, s, category, polarity);
        for (const [fast, layer] of [
          [category, model.category!],
          [polarity, model.polarity!],
        ] as const) {
          const flat = linearScorer(layer.weights, layer.bias);
          for (const name of textFeatures(s)) flat.sink(name, 1);
          fast.forEach((x, i) => expect(x).toBeCloseTo(flat.scores[i]!, 9));
        }
      }
    }
  });
});

describe('training', () => {
  // Engine-side sentences (the generator's bank) as a tiny corpus: only to check reproducibility.
  const items: CorpusItem[] = [...PRAISE, ...COMPLAINTS].map((p, i) => ({
    id: `t-${i}`,
    writer: `w${i % 3}`,
    review: `r${i}`,
    stars: null,
    split: 'train',
    text: p.text.replace(/\{\w+\}/g, 'Marco'),
    labels: Object.entries(p.labels).map(([category, polarity]) => ({ category, polarity, term: null, from: null, to: null })),
  }));
  const hyper = { ...DEFAULT_HYPER, iterations: 40, minCount: 1 };

  it('is deterministic: same data, same bytes', () => {
    const a = stableJson(trainAbsaModel(items, aspects, lexicon, hyper, 'x'));
    const b = stableJson(trainAbsaModel(items, aspects, lexicon, hyper, 'x'));
    expect(a).toBe(b);
    expect(() => AbsaWeightsSchema.parse(JSON.parse(a))).not.toThrow();
    expect(stableJson(trainAbsaModel(items.slice(1), aspects, lexicon, hyper, 'x'))).not.toBe(a);
  });

  it('learns its training data', () => {
    const m = loadModel(JSON.parse(stableJson(trainAbsaModel(items, aspects, lexicon, { ...hyper, iterations: 200 }))));
    let right = 0;
    let total = 0;
    for (const it of items) {
      const got = new Set(read(it.text, m));
      for (const l of it.labels) {
        total++;
        if (got.has(`${l.category}:${l.polarity}`)) right++;
      }
    }
    expect(right / total).toBeGreaterThan(0.9);
  });
});
