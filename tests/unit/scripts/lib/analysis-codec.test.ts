import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../../core/insights/analyze-review.ts';
import { analyzeSentences } from '../../../../core/insights/analyze-text.ts';
import { compileAspectLexicon } from '../../../../core/insights/aspect-lexicon.ts';
import { buildInsights } from '../../../../core/insights/build-insights.ts';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { publishReviews } from '../../../../core/model/publish-reviews.ts';
import { decodeAnalysis, encodeAnalysis, SharedValues } from '../../../../scripts/lib/analysis-codec.ts';
import { readContentDir } from '../../../../site/lib/read-content-dir.ts';

const content = readContentDir(resolve(import.meta.dirname, '../../../../content'));
const business = content.business;
const reviews = publishReviews(content.records, business, 'http://localhost:4321', extractMentions).reviews;
const lexicon = compileAspectLexicon(business);

describe('analysis codec (what the build sends from its worker threads and caches)', () => {
  it('keeps the floats JSON cannot hold: -0, NaN and the infinities come back exactly', () => {
    const { review: _, ...analysis } = analyzeReview(reviews.find((r) => r.text.length > 80)!, business, lexicon);
    const odd = { ...analysis, mass: [-0, Number.NaN, Infinity, -Infinity, 0.1, ...analysis.mass], sentenceScores: [-0, ...analysis.sentenceScores] };
    odd.mentions = [{ ...analysis.mentions[0]!, score: -0, confidence: Number.NaN }, ...analysis.mentions];
    const back = decodeAnalysis(encodeAnalysis(odd));
    expect(back.mass.slice(0, 5)).toStrictEqual([-0, Number.NaN, Infinity, -Infinity, 0.1]);
    expect(Object.is(back.sentenceScores[0], -0)).toBe(true);
    expect(Object.is(back.mentions[0]!.score, -0)).toBe(true);
    expect(back.mentions[0]!.confidence).toBeNaN();
    expect(back.mentions.slice(1)).toStrictEqual(analysis.mentions);
  });

  it('holds what the aggregations read, not the reader’s tokens and their valences, boosts and flags', () => {
    const review = reviews.find((r) => r.text.length > 80)!;
    const { review: _, ...analysis } = analyzeReview(review, business, lexicon);
    const text = encodeAnalysis(analysis);
    for (const field of ['tokens', 'valence', 'boost', 'immune', 'afterContrast', 'capital', 'quoted']) expect(text).not.toContain(`"${field}"`);
    // A sentence is its span, its clauses' spans and its topic phrases: a fraction of what the reader made of it.
    expect(text.length).toBeLessThan(JSON.stringify(analyzeSentences(review.text)).length * 0.2);
  });

  it('keeps what analyses hold alike once, frozen: the empty lists, a sentence that names nobody, the same names', () => {
    const shared = new SharedValues();
    const decoded = reviews.slice(0, 40).map((r) => {
      const { review: _, ...analysis } = analyzeReview(r, business, lexicon);
      return decodeAnalysis(encodeAnalysis(analysis), shared);
    });
    const sentences = decoded.flatMap((a) => a.sentences);
    const named = decoded.flatMap((a) => a.named);
    const nobody = named.filter((n) => n.technicians.length + n.services.length + n.serviceAreas.length === 0);
    expect(nobody.length).toBeGreaterThan(10);
    expect(new Set(nobody).size).toBe(1);
    expect(Object.isFrozen(nobody[0])).toBe(true);
    expect(new Set(sentences.filter((s) => s.phrases.length === 0).map((s) => s.phrases)).size).toBe(1);
    expect(() => (nobody[0]!.technicians as string[]).push('someone')).toThrow(TypeError);
    const quarters = decoded.map((a) => a.quarter).filter((q) => q === decoded[0]!.quarter);
    expect(quarters.length).toBeGreaterThan(1);
    const named2 = named.filter((n) => n.technicians.length === 1);
    const byName = Map.groupBy(named2, (n) => n.technicians[0]!);
    expect([...byName.values()].some((list) => list.length > 1 && new Set(list.map((n) => n.technicians)).size === 1)).toBe(true);
  });

  it('lists a sentence’s clauses only when it has more than one (one clause is the sentence’s own span)', () => {
    const all = reviews.slice(0, 80).flatMap((r) => analyzeReview(r, business, lexicon).sentences);
    const listed = all.filter((s) => s.clauses !== undefined);
    expect(listed.length).toBeGreaterThan(0);
    expect(all.length - listed.length).toBeGreaterThan(listed.length); // most sentences are one clause
    for (const s of listed) expect(s.clauses!.length > 1 || s.clauses![0]![0] !== s.start || s.clauses![0]![1] !== s.end).toBe(true);
  });

  it('insights built from decoded analyses are exactly those built by the engine itself', () => {
    const shared = new SharedValues(); // one for the whole build, as analyzeReviews decodes
    const decoded = (review: (typeof reviews)[number]) => {
      const { review: _, ...analysis } = analyzeReview(review, business, lexicon);
      return { review, ...decodeAnalysis(encodeAnalysis(analysis), shared) };
    };
    expect(buildInsights({ business, reviews }, decoded)).toStrictEqual(buildInsights({ business, reviews }));
  });
});
