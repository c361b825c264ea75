import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { analyzeReview, type AnalyzedReview } from '../../../../core/insights/analyze-review.ts';
import { buildInsights, insightsFromPartial } from '../../../../core/insights/build-insights.ts';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { INSIGHTS_BLOCKS, insightsBlockOf, insightsBlocks } from '../../../../core/insights/insights-blocks.ts';
import { collectInsightsPartial, mergeInsightsPartials, type InsightsPartial } from '../../../../core/insights/insights-partial.ts';
import { publishReviews } from '../../../../core/model/publish-reviews.ts';
import { createRandom } from '../../../../core/random/create-random.ts';
import type { Review } from '../../../../core/schemas/review-schema.ts';
import type { AspectId } from '../../../../core/schemas/business-schema.ts';
import { generateReviews } from '../../../../scripts/lib/generate-reviews.ts';
import { readContentDir } from '../../../../site/lib/read-content-dir.ts';
import { business, lexicon, located } from '../../../helpers/sample-model.ts';
import { publishedReview } from '../../../helpers/published-review.ts';
import { compareReviews } from '../../../../core/model/compare-reviews.ts';

const BASE_URL = 'https://reviews.example';
const sample = publishReviews(
  readContentDir(resolve(import.meta.dirname, '../../../../content')).records,
  business,
  BASE_URL,
  extractMentions,
).reviews;
// Enough reviews for every figure to be given: shares and their trends, topics past their threshold, a standout technician.
const generated = publishReviews(
  located([...generateReviews(createRandom(7), business, 2_500, '2026-06-30')]),
  business,
  BASE_URL,
  extractMentions,
).reviews;

/** Each review read once; the cases split the readings in many ways. */
const analyses = new Map<Review, AnalyzedReview>();
const analyze = (r: Review) => {
  let a = analyses.get(r);
  if (!a) analyses.set(r, (a = analyzeReview(r, business, lexicon)));
  return a;
};
const whole = (reviews: readonly Review[]) => JSON.stringify(buildInsights({ business, reviews: [...reviews] }, analyze));
/** The insights made from the partials of `sets` (each in the published order), merged in the order given. */
const fromSets = (sets: readonly (readonly Review[])[], roundTrip = false) => {
  const parts = sets.map((set) => {
    const partial = collectInsightsPartial(set.map(analyze), business);
    return roundTrip ? (deserialize(serialize(partial)) as InsightsPartial) : partial;
  });
  return JSON.stringify(insightsFromPartial(mergeInsightsPartials(parts, business), business));
};

describe('insights from partials of disjoint sets of reviews', { timeout: 60_000 }, () => {
  for (const [name, reviews] of [
    ['the sample content', sample],
    ['2,500 generated reviews', generated],
  ] as const) {
    it(`are the insights of all of them, byte for byte, however the reviews are split (${name})`, () => {
      const expected = whole(reviews);
      const doc = JSON.parse(expected);
      // The case is worth something only when the figures are there to be merged.
      expect(doc.topics.length).toBeGreaterThan(0);
      expect(doc.faq.length).toBeGreaterThan(0);
      expect(doc.aspects.some((a: { negativeShare: unknown }) => a.negativeShare !== null)).toBe(true);
      const blocks = insightsBlocks(reviews.map((r) => r.id)).map((block) => block.map((i) => reviews[i]!));
      expect(fromSets(blocks)).toBe(expected);
      // Merged in another order, kept and read back as the build keeps them (V8-serialized).
      expect(fromSets([...blocks].reverse(), true)).toBe(expected);
      // Uneven sets, one of them empty, in the published order within each.
      const random = createRandom(3);
      const uneven: Review[][] = [[], [], [], []];
      for (const r of reviews) uneven[random() < 0.7 ? 0 : 1 + Math.floor(random() * 2)]!.push(r);
      expect(uneven[3]).toEqual([]);
      expect(fromSets(uneven)).toBe(expected);
    });
  }

  it('a review changes only the partial of its own block', () => {
    const edited = generated.map((r, i) => (i === 10 ? { ...r, text: 'The crew was rude and the roof leaks again.' } : r));
    const partials = (reviews: readonly Review[]) =>
      insightsBlocks(reviews.map((r) => r.id)).map((block) =>
        collectInsightsPartial(
          block.map((i) => analyze(reviews[i]!)),
          business,
        ),
      );
    const before = partials(generated);
    const after = partials(edited);
    // Compared by value: V8 serializes a number as an integer or a double as its objects happen to hold it.
    const changed = before.flatMap((partial, j) => (isDeepStrictEqual(partial, after[j]) ? [] : [j]));
    expect(changed).toEqual([insightsBlockOf(generated[10]!.id)]);
    expect(before).toHaveLength(INSIGHTS_BLOCKS);
  });
});

/**
 * Made-up readings built to stress every merge: sentences repeated word for word across reviews (quotes are one per
 * wording), readings as sure as each other (ties broken by date and id), many reviews on one day, one topic phrase
 * written two ways (its words are the newest review's), technicians listed twice, reviews with a disclosure, unread ones.
 */
function madeUpReadings(seed: number, n: number): AnalyzedReview[] {
  const random = createRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const SENTENCES = [
    'The crew left nails all over the driveway.',
    'They gave us a 10-year workmanship warranty on the new roof.',
    'The new roof was done in two days.',
    'Marco explained every step and kept us informed.',
    'The final invoice was higher than the quote we signed.',
    'Great crew, spotless cleanup, and the roof looks amazing after the storm.',
    'It took a week because of the windstorm.',
    'Our wind storm damage claim was approved.',
  ];
  const PHRASES = [
    ['wind storm', 'wind storm'],
    ['windstorm', 'windstorm'],
    ['windstorm', 'wind-storm'],
    ['pipe boot', 'pipe boots'],
    ['hail', 'hail'],
    ['final invoice', 'final invoice'],
  ] as const;
  const catalog = (list: readonly { id: string; name: string }[]) => list.filter(() => random() < 0.3).map(({ id, name }) => ({ id, name }));
  return Array.from({ length: n }, (_, k) => {
    const unread = random() < 0.05 ? ('no-text' as const) : null;
    // Mostly one sentence: a pool of the best few candidates is then mostly one wording, and its last places count.
    const chosen = unread ? [] : Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.6 ? SENTENCES[0]! : pick(SENTENCES)));
    const spans: { start: number; end: number }[] = [];
    let text = '';
    for (const s of chosen) {
      if (text) text += ' ';
      spans.push({ start: text.length, end: text.length + s.length });
      text += s;
    }
    const technicians = catalog(business.technicians);
    if (technicians[0] && random() < 0.2) technicians.push(technicians[0]);
    const date = `2024-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 3)}`;
    const r = publishedReview({
      id: `m-${String(Math.floor(random() * 1e6)).padStart(6, '0')}-${k}`,
      date,
      rating: 1 + Math.floor(random() * 5),
      text,
      technicians,
      services: catalog(business.services),
      serviceArea: random() < 0.5 ? { id: pick(business.serviceAreas).id, name: pick(business.serviceAreas).name } : null,
      ...(random() < 0.05 && { relationship: 'employee' as const }),
    });
    const mentions = spans.flatMap((span, sentence) =>
      business.aspects
        .filter(() => random() < 0.25)
        .map((aspect) => {
          const polarity = pick(['positive', 'negative', 'neutral'] as const);
          return {
            aspect: aspect.id,
            sentence,
            score: polarity === 'positive' ? pick([0.5, 1.5]) : polarity === 'negative' ? pick([-0.5, -1.5]) : 0,
            polarity,
            start: span.start,
            end: span.end,
            explicit: true,
            confidence: pick([0.9, 0.95, 0.99]),
            sure: random() < 0.7,
          };
        }),
    );
    return {
      review: r,
      quarter: `${date.slice(0, 4)}-Q${Math.ceil(Number(date.slice(5, 7)) / 3)}`,
      sentences: spans.map((span) => ({ ...span, phrases: PHRASES.filter(() => random() < 0.3) })),
      mentions,
      mass: business.aspects.flatMap(() => [random(), random()]),
      named: spans.map(() => ({
        technicians: technicians.filter(() => random() < 0.5).map((t) => t.id),
        services: [],
        serviceAreas: r.serviceArea && random() < 0.5 ? [r.serviceArea.id] : [],
      })),
      sentenceScores: spans.map(() => random() * 2 - 1),
      unread,
    } as AnalyzedReview;
  }).sort((a, b) => compareReviews(a.review, b.review));
}

describe('insights from partials of made-up readings', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`are the insights of all of them, byte for byte (seed ${seed})`, () => {
      const readings = madeUpReadings(seed, 400);
      const of = (sets: readonly (readonly AnalyzedReview[])[]) =>
        JSON.stringify(
          insightsFromPartial(
            mergeInsightsPartials(
              sets.map((set) => collectInsightsPartial(set, business)),
              business,
            ),
            business,
          ),
        );
      const expected = of([readings]);
      const doc = JSON.parse(expected);
      expect(doc.topics.map((t: { id: string }) => t.id).filter((id: string) => /^wind-?storm$/.test(id))).toHaveLength(1);
      const random = createRandom(seed + 100);
      const sets: AnalyzedReview[][] = Array.from({ length: 7 }, () => []);
      for (const a of readings) sets[Math.floor(random() * 7)]!.push(a);
      expect(of(sets)).toBe(expected);
      expect(of([...sets].reverse())).toBe(expected);
      expect(of(insightsBlocks(readings.map((a) => a.review.id)).map((block) => block.map((i) => readings[i]!)))).toBe(expected);
    });
  }
});

/** A made-up reading of one review: each sentence with its sure readings (aspect and polarity), naming Marco. */
function reading(
  id: string,
  date: string,
  rating: number,
  sentences: { text: string; reads: [AspectId, 'positive' | 'negative'][] }[],
): AnalyzedReview {
  const spans: { start: number; end: number }[] = [];
  let text = '';
  for (const s of sentences) {
    if (text) text += ' ';
    spans.push({ start: text.length, end: text.length + s.text.length });
    text += s.text;
  }
  const marco = business.technicians.find((t) => t.id === 'marco')!;
  return {
    review: publishedReview({ id, date, rating, text, technicians: [{ id: marco.id, name: marco.name }] }),
    quarter: `${date.slice(0, 4)}-Q1`,
    sentences: spans.map((span) => ({ ...span, phrases: [] })),
    mentions: sentences.flatMap((s, sentence) =>
      s.reads.map(([aspect, polarity]) => ({
        aspect,
        sentence,
        score: polarity === 'positive' ? 1 : -1,
        polarity,
        start: spans[sentence]!.start,
        end: spans[sentence]!.end,
        explicit: true,
        confidence: 0.99,
        sure: true,
      })),
    ),
    mass: business.aspects.flatMap(() => [0, 0]),
    named: spans.map(() => ({ technicians: ['marco'], services: [], serviceAreas: [] })),
    sentenceScores: spans.map(() => 0),
    unread: null,
  };
}

describe('quotes past repeated wordings', () => {
  const praise = 'Marco and his crew were careful and tidy from start to finish.';
  const other = 'Marco answered every question we had about the new roof.';

  it('an entity’s praise is picked past the review its complaint took, and past seven repeats of one wording', () => {
    // The newest review is both the best praise and the complaint; seven older ones repeat its praise word for word.
    const readings = [
      reading('a-00', '2024-03-30', 4, [
        { text: praise, reads: [['professionalism', 'positive']] },
        { text: 'Marco showed up two hours late on the second day.', reads: [['timeliness', 'negative']] },
      ]),
      ...Array.from({ length: 7 }, (_, i) =>
        reading(`a-${String(i + 1).padStart(2, '0')}`, '2024-03-20', 5, [{ text: praise, reads: [['professionalism', 'positive']] }]),
      ),
      reading('a-99', '2024-01-02', 5, [{ text: other, reads: [['communication', 'positive']] }]),
    ];
    const marco = insightsFromPartial(collectInsightsPartial(readings, business), business).entities.technicians.find((t) => t.id === 'marco')!;
    expect(marco.quotes.map((q) => [q.reviewId, q.polarity])).toEqual([
      ['a-01', 'positive'],
      ['a-99', 'positive'],
      ['a-00', 'negative'],
    ]);
  });

  it('an aspect answer quotes past five repeats of the warranty terms it already quotes', () => {
    const terms = 'They gave us a 10-year workmanship warranty on the new roof.';
    const readings = [
      ...Array.from({ length: 5 }, (_, i) => reading(`w-${i + 1}`, `2024-02-1${9 - i}`, 5, [{ text: terms, reads: [['warranty', 'positive']] }])),
      reading('w-6', '2024-01-02', 5, [{ text: 'Their warranty claim process was quick and painless for us.', reads: [['warranty', 'positive']] }]),
    ];
    const faq = insightsFromPartial(collectInsightsPartial(readings, business), business).faq.find((f) => f.id === 'warranty')!;
    expect(faq.answer).toContain(`Terms as written: "${terms}"`);
    expect(faq.answer).toContain('Praise: "Their warranty claim process was quick and painless for us."');
  });
});
