import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeReview, type AnalyzedReview } from '../../../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../../../core/insights/aspect-lexicon.ts';
import { buildInsights } from '../../../../core/insights/build-insights.ts';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { findDurations } from '../../../../core/insights/find-durations.ts';
import { findWarrantyTerms } from '../../../../core/insights/find-warranty-terms.ts';
import { buildSiteModel } from '../../../../core/model/build-site-model.ts';
import type { Polarity } from '../../../../core/schemas/insights-schema.ts';
import { readContentDir } from '../../../../site/lib/read-content-dir.ts';
import { ROOT } from '../../../helpers/build-fixture.ts';

// The sample content's insights.json, built the way the site builds it.
const model = buildSiteModel(readContentDir(join(ROOT, 'content')), 'https://reviews.example', { extractMentions, buildInsights });
const doc = model.insights;
const lexicon = compileAspectLexicon(model.businessConfig);
const byId = new Map(model.reviews.map((r) => [r.id, r]));
const analyzed = new Map<string, AnalyzedReview>();
const read = (id: string): AnalyzedReview => {
  if (!analyzed.has(id)) analyzed.set(id, analyzeReview(byId.get(id)!, model.businessConfig, lexicon));
  return analyzed.get(id)!;
};
const FAQ_ASPECT: Record<string, string> = {
  'insurance-claims': 'insurance',
  workmanship: 'workmanship',
  cleanup: 'cleanup',
  warranty: 'warranty',
  'on-time': 'timeliness',
  price: 'price',
  communication: 'communication',
  'replacement-duration': 'timeliness',
};

/** The sentences of the cited review that hold the quote (it must be found in one). */
function sentencesHolding(reviewId: string, quote: string): number[] {
  const review = byId.get(reviewId);
  expect(review, `cited review ${reviewId} exists`).toBeDefined();
  const at = review!.text.indexOf(quote);
  expect(at, `review ${reviewId} holds "${quote}"`).toBeGreaterThanOrEqual(0);
  return read(reviewId).sentences.flatMap((s, i) => (s.start < at + quote.length && s.end > at ? [i] : []));
}

/** Asserts the engine reads the quoted sentence of the review with this aspect (any, when null) and polarity, and is sure of it. */
function expectReading(reviewId: string, quote: string, aspect: string | null, polarity: Polarity): void {
  const sentences = sentencesHolding(reviewId, quote);
  const hit = read(reviewId).mentions.some(
    (m) => (aspect === null || m.aspect === aspect) && m.polarity === polarity && m.sure && sentences.includes(m.sentence),
  );
  expect(hit, `${reviewId}: "${quote}" read surely as ${aspect ?? 'some aspect'} ${polarity}`).toBe(true);
}

/** Quotes in free text with the phrase that introduces them. */
const introduced = (s: string) =>
  [...s.matchAll(/(For example|Praise|A complaint|Terms as written): "([^"]+)"/g)].map((m) => ({ kind: m[1]!, text: m[2]! }));

describe('audit of the sample insights.json: every published claim is backed by what the engine reads', () => {
  it('aspect quotes: the cited review holds the quote and the engine reads it with that aspect and polarity', () => {
    let n = 0;
    for (const a of doc.aspects) {
      for (const q of [...a.quotes.positive, ...a.quotes.negative]) {
        expectReading(q.reviewId, q.text, a.id, q.polarity);
        n++;
      }
    }
    expect(n).toBeGreaterThan(20);
  });

  it("FAQ examples: positive and negative examples are read with the question's aspect; terms and durations are stated", () => {
    expect(doc.faq.map((f) => f.id)).toContain('workmanship');
    // An answer may have no example: only sentences the reader is sure of are quoted.
    expect(doc.faq.flatMap((f) => introduced(f.answer)).length).toBeGreaterThanOrEqual(5);
    for (const f of doc.faq) {
      const quotes = introduced(f.answer);
      for (const q of quotes) {
        const cited = f.reviewIds.filter((id) => byId.get(id)?.text.includes(q.text));
        expect(cited.length, `${f.id}: "${q.text}" is in a cited review`).toBeGreaterThan(0);
        const id = cited[0]!;
        const sentences = sentencesHolding(id, q.text);
        if (q.kind === 'Terms as written') expect(findWarrantyTerms(read(id)).some((t) => sentences.includes(t.sentence))).toBe(true);
        else if (f.id === 'replacement-duration') expect(findDurations(read(id)).some((d) => sentences.includes(d.sentence))).toBe(true);
        else expectReading(id, q.text, FAQ_ASPECT[f.id]!, q.kind === 'Praise' ? 'positive' : 'negative');
      }
      expect(f.evidence.positive + f.evidence.negative).toBeLessThanOrEqual(f.evidence.reviewCount);
    }
  });

  it('FAQ warranty answer states warranty terms customers wrote', () => {
    const warranty = doc.faq.find((f) => f.id === 'warranty')!;
    expect(warranty.answer).toMatch(/Warranty terms as customers state them: .*warranty \(\d+ reviews?\)/);
  });

  it('summary: every numeric fact cites existing reviews; quotes are read with the aspect the summary names', () => {
    const facts = new Map(doc.summary.facts.map((f) => [f.key, f]));
    for (const f of doc.summary.facts) {
      if (typeof f.value === 'number') expect(f.reviewIds.length, f.key).toBeGreaterThan(0);
      for (const id of f.reviewIds) expect(byId.has(id), `${f.key} cites ${id}`).toBe(true);
    }
    for (const [key, polarity] of [
      ['quotePositive', 'positive'],
      ['quoteNegative', 'negative'],
    ] as const) {
      const quote = facts.get(key);
      if (!quote) continue;
      expectReading(quote.reviewIds[0]!, String(quote.value), String(facts.get(`${key}Aspect`)!.value), polarity);
    }
    // A named top complaint (most praised aspect) cites reviews that hold a negative (positive) reading of it.
    for (const [key, polarity] of [
      ['topComplaint', 'negative'],
      ['mostPraised', 'positive'],
    ] as const) {
      const f = facts.get(key)!;
      expect(f, key).toBeDefined();
      if (f.value === null) continue;
      for (const id of f.reviewIds) expect(read(id).mentions.some((m) => m.aspect === f.value && m.polarity === polarity)).toBe(true);
    }
  });

  it('entity quotes: the cited review holds the quote, which names the entity and is surely read with that polarity', () => {
    let n = 0;
    for (const kind of ['technicians', 'services', 'serviceAreas'] as const) {
      for (const e of doc.entities[kind]) {
        for (const q of e.quotes) {
          expectReading(q.reviewId, q.text, null, q.polarity);
          if (kind !== 'serviceAreas') {
            const sentences = sentencesHolding(q.reviewId, q.text);
            const named = read(q.reviewId).named.some((m, i) => sentences.includes(i) && m[kind].includes(e.id));
            const namedAnywhere = read(q.reviewId).named.some((m) => m[kind].includes(e.id));
            expect(named || !namedAnywhere, `${e.id}: "${q.text}" names it`).toBe(true);
          }
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(10);
  });

  it('no template glitches in the text', () => {
    const text = [doc.summary.text, ...doc.faq.map((f) => f.answer), ...doc.aspects.map((a) => a.inWords)].join('\n');
    expect(text).not.toMatch(/\b(\d+) \1\b/);
    expect(text).not.toMatch(/ {2}|\.\./);
    // Singular and plural agree: "1 review", "1 is", never "1 reviews" or "1 are".
    expect(text).not.toMatch(/\b1 (reviews|opinions|are|give)\b/);
  });
});
