import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { z } from 'zod';
import type { TopicSchema } from '../schemas/insights-schema.ts';
import { round2 } from './aggregate-aspects.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { PROBLEM_WORDS, RESIDUE_WORDS } from './lexicon/word-classes.ts';
import { TOPIC_GENERIC, TOPIC_STOPWORDS } from './lexicon/topic-stopwords.ts';
import { wordValence } from './sentiment-lexicon.ts';
import { compareReviews } from '../model/compare-reviews.ts';

type Topic = z.infer<typeof TopicSchema>;

/** How many topics to publish and how many example reviews each. */
export const TOPIC_LIMIT = 20;
export const TOPIC_EXAMPLES = 5;

interface Tally {
  surfaces: Map<string, number>;
  reviews: AnalyzedReview[];
}

/**
 * Recurring themes beyond the fixed aspects: two- and three-word phrases ("hail damage",
 * "skylight leak") counted once per review. A phrase may not start or end with a stopword, contain
 * an opinion word (those are aspects' business), name a technician, town or the business, or be
 * made only of generic roofing words. Plurals are merged. Kept when at least `minCount` reviews
 * use it (3, or 0.5% of reviews with text when that is more); a phrase inside or around a
 * more frequent one is dropped.
 */
export function extractTopics(analyzed: readonly AnalyzedReview[], business: BusinessConfig, periods: readonly string[]): Topic[] {
  const excluded = excludedWords(business);
  const tallies = new Map<string, Tally>();
  let withText = 0;
  for (const a of analyzed) {
    if (a.sentences.length === 0) continue;
    withText++;
    const seen = new Set<string>();
    for (const s of a.sentences) {
      for (const [key, surface] of phrasesOf(s.scored, a.review.text, excluded)) {
        const t: Tally = tallies.get(key) ?? { surfaces: new Map(), reviews: [] };
        t.surfaces.set(surface, (t.surfaces.get(surface) ?? 0) + 1);
        if (!seen.has(key)) t.reviews.push(a);
        seen.add(key);
        tallies.set(key, t);
      }
    }
  }
  const minCount = Math.max(3, Math.ceil(withText * 0.005));
  const ranked = [...tallies].filter(([, t]) => t.reviews.length >= minCount).sort(([ka, a], [kb, b]) => b.reviews.length - a.reviews.length || (ka < kb ? -1 : 1));
  const chosen: [string, Tally][] = [];
  for (const [key, t] of ranked) {
    if (chosen.length >= TOPIC_LIMIT) break;
    if (chosen.some(([k]) => ` ${k} `.includes(` ${key} `) || ` ${key} `.includes(` ${k} `))) continue;
    chosen.push([key, t]);
  }
  const ids = new Set<string>();
  return chosen.map(([key, t]) => {
    let id = key.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 70) || 'topic';
    while (ids.has(id)) id += '-x';
    ids.add(id);
    const perPeriod = new Map<string, number>();
    for (const a of t.reviews) perPeriod.set(a.quarter, (perPeriod.get(a.quarter) ?? 0) + 1);
    const phrase = [...t.surfaces].sort(([sa, a], [sb, b]) => b - a || (sa < sb ? -1 : 1))[0]![0];
    return {
      id,
      phrase,
      count: t.reviews.length,
      averageRating: round2(t.reviews.reduce((sum, a) => sum + a.review.rating, 0) / t.reviews.length),
      trend: periods.map((period) => ({ period, count: perPeriod.get(period) ?? 0 })),
      reviewIds: t.reviews.map((a) => a.review).sort(compareReviews).slice(0, TOPIC_EXAMPLES).map((r) => r.id),
    };
  });
}

/** Candidate phrases of one sentence as [merge key, surface form]. */
function phrasesOf(s: AnalyzedReview['sentences'][number]['scored'], text: string, excluded: ReadonlySet<string>): [string, string][] {
  const { tokens, role, phrase, clause } = s;
  const ok = tokens.map((t, i) => role[i] === 'word' && !phrase[i] && t.word && /^\p{L}[\p{L}'-]*$/u.test(t.norm) && t.norm.length > 1 && !excluded.has(t.norm) && !isOpinion(t.norm));
  const out: [string, string][] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const n of [2, 3]) {
      const j = i + n - 1;
      if (j >= tokens.length || clause[j] !== clause[i]) break;
      let valid = true;
      for (let k = i; k <= j; k++) if (!ok[k] || (TOPIC_STOPWORDS.has(tokens[k]!.norm) && (k === i || k === j || tokens[k]!.norm !== 'of'))) valid = false;
      if (!valid) continue;
      const words = tokens.slice(i, j + 1).map((t) => t.norm.replace(/'s$/, ''));
      // A last word in -ly or -ed is an adverb or a verb ("crew replaced"), not the head of a theme.
      if (words.every((w) => TOPIC_GENERIC.has(w)) || /(ly|[^e]ed)$/.test(words[n - 1]!)) continue;
      words[n - 1] = singular(words[n - 1]!);
      out.push([words.join(' '), text.slice(tokens[i]!.start, tokens[j]!.end).toLowerCase()]);
    }
  }
  return out;
}

function isOpinion(w: string): boolean {
  return Math.abs(wordValence(w)) >= 1 && !PROBLEM_WORDS.has(w) && !RESIDUE_WORDS.has(w);
}

function singular(w: string): string {
  return w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w) ? w.slice(0, -1) : w;
}

function excludedWords(business: BusinessConfig): Set<string> {
  const names = [business.name, ...business.technicians.flatMap((t) => [t.name, ...t.aliases]), ...business.serviceAreas.map((a) => a.name)];
  return new Set(names.flatMap((n) => n.toLowerCase().split(/[^\p{L}]+/u)).filter(Boolean).flatMap((w) => [w, `${w}'s`]));
}
