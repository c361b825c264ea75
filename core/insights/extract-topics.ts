import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { z } from 'zod';
import type { Polarity, TopicSchema } from '../schemas/insights-schema.ts';
import { round2 } from './aggregate-aspects.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { PROBLEM_WORDS, RESIDUE_WORDS } from './lexicon/word-classes.ts';
import { TOPIC_GENERIC, TOPIC_STOPWORDS } from './lexicon/topic-stopwords.ts';
import { THEME_NOUNS, TOPIC_IDIOMS, TOPIC_MODIFIERS, TOPIC_SYNONYMS } from './lexicon/topic-words.ts';
import { polarityOf } from './polarity.ts';
import { wordValence } from './sentiment-lexicon.ts';
import { compareReviews } from '../model/compare-reviews.ts';

type Topic = z.infer<typeof TopicSchema>;

/** How many topics to publish and how many example reviews each. */
export const TOPIC_LIMIT = 20;
export const TOPIC_EXAMPLES = 5;
/** A phrase inside a chosen single word ("hail damage" in "hail") is dropped only when it covers this share of it. */
const SAME_THEME = 0.8;

interface Tally {
  surfaces: Map<string, number>;
  /** The canonical words, space-separated, for the inside/around check. */
  words: string;
  reviews: AnalyzedReview[];
  sentiment: Record<Polarity, number>;
}

/**
 * Recurring themes beyond the fixed aspects: strong single nouns ("hail", "leak") and two- and
 * three-word phrases ("hail damage", "pipe boot") counted once per review. A phrase may not start
 * or end with a stopword, contain an opinion word or an opinion modifier ("proper flashing"), be
 * half of an idiom ("long story short"), name a technician, town or the business, or be made only
 * of generic roofing words. Plurals, spelling variants ("wind storm" / "windstorm") and synonyms
 * ("final bill" / "final invoice") are merged. Kept when at least `minCount` reviews use it (3, or
 * 0.5% of reviews with text when that is more); a phrase inside or around a more frequent one is
 * dropped. Each topic carries the sentiment of the sentences that use it, one reading per review.
 */
export function extractTopics(analyzed: readonly AnalyzedReview[], business: BusinessConfig, periods: readonly string[]): Topic[] {
  const excluded = excludedWords(business);
  const tallies = new Map<string, Tally>();
  let withText = 0;
  for (const a of analyzed) {
    if (a.sentences.length === 0) continue;
    withText++;
    const seen = new Set<string>();
    a.sentences.forEach((s, index) => {
      for (const [words, surface] of phrasesOf(s.scored, a.review.text, excluded)) {
        const key = words.replace(/ /g, '');
        const t: Tally = tallies.get(key) ?? { surfaces: new Map(), words, reviews: [], sentiment: { positive: 0, negative: 0, neutral: 0 } };
        t.surfaces.set(surface, (t.surfaces.get(surface) ?? 0) + 1);
        if (!seen.has(key)) {
          t.reviews.push(a);
          t.sentiment[sentencePolarity(a, index)]++;
        }
        seen.add(key);
        tallies.set(key, t);
      }
    });
  }
  const minCount = Math.max(3, Math.ceil(withText * 0.005));
  const ranked = [...tallies.values()]
    .filter((t) => t.reviews.length >= minCount)
    .sort((a, b) => b.reviews.length - a.reviews.length || (a.words < b.words ? -1 : 1));
  const chosen: Tally[] = [];
  for (const t of ranked) {
    if (chosen.length >= TOPIC_LIMIT) break;
    if (chosen.some((c) => overlaps(c, t))) continue;
    chosen.push(t);
  }
  const ids = new Set<string>();
  return chosen.map((t) => {
    let id =
      t.words
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 70) || 'topic';
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
      sentiment: t.sentiment,
      trend: periods.map((period) => ({ period, count: perPeriod.get(period) ?? 0 })),
      reviewIds: t.reviews
        .map((a) => a.review)
        .sort(compareReviews)
        .slice(0, TOPIC_EXAMPLES)
        .map((r) => r.id),
    };
  });
}

/** A less frequent phrase inside or around a chosen one is the same theme; under a single word only when it covers most of it. */
function overlaps(chosen: Tally, t: Tally): boolean {
  const inside = ` ${chosen.words} `.includes(` ${t.words} `) || ` ${t.words} `.includes(` ${chosen.words} `);
  if (!inside) return false;
  return chosen.words.includes(' ') || t.reviews.length >= SAME_THEME * chosen.reviews.length;
}

/** How the engine reads the sentence: its aspect mentions when it has opinions on aspects, else its overall score. */
function sentencePolarity(a: AnalyzedReview, sentence: number): Polarity {
  const ms = a.mentions.filter((m) => m.sentence === sentence && m.polarity !== 'neutral');
  return ms.length ? polarityOf(ms.reduce((sum, m) => sum + m.score, 0)) : polarityOf(a.sentenceScores[sentence] ?? 0);
}

/** Candidate phrases of one sentence as [canonical words, surface form]. */
function phrasesOf(s: AnalyzedReview['sentences'][number]['scored'], text: string, excluded: ReadonlySet<string>): [string, string][] {
  const { tokens, role, phrase, clause } = s;
  const idiom = idiomTokens(tokens.map((t) => t.norm));
  const ok = tokens.map(
    (t, i) =>
      role[i] === 'word' &&
      !phrase[i] &&
      !idiom[i] &&
      t.word &&
      /^\p{L}[\p{L}'-]*$/u.test(t.norm) &&
      t.norm.length > 1 &&
      !excluded.has(t.norm) &&
      !isOpinion(t.norm),
  );
  const out: [string, string][] = [];
  const canon = (w: string) => TOPIC_SYNONYMS.get(w) ?? w;
  for (let i = 0; i < tokens.length; i++) {
    // A theme noun counts wherever it stands, also inside an opinion phrase ("no leaks since").
    const noun = themeNoun(tokens[i]!.norm);
    if (noun && tokens[i]!.word && !idiom[i] && !excluded.has(tokens[i]!.norm)) out.push([canon(noun), noun]);
    for (const n of [2, 3]) {
      const j = i + n - 1;
      if (j >= tokens.length || clause[j] !== clause[i]) break;
      let valid = !TOPIC_MODIFIERS.has(tokens[i]!.norm);
      for (let k = i; k <= j; k++)
        if (!ok[k] || (TOPIC_STOPWORDS.has(tokens[k]!.norm) && (k === i || k === j || tokens[k]!.norm !== 'of'))) valid = false;
      if (!valid) continue;
      const words = tokens.slice(i, j + 1).map((t) => t.norm.replace(/'s$/, ''));
      // A last word in -ly or -ed is an adverb or a verb ("crew replaced"), not the head of a theme.
      if (words.every((w) => TOPIC_GENERIC.has(w)) || /(ly|[^e]ed)$/.test(words[n - 1]!)) continue;
      words[n - 1] = singular(words[n - 1]!);
      out.push([words.map(canon).join(' '), text.slice(tokens[i]!.start, tokens[j]!.end).toLowerCase()]);
    }
  }
  return out;
}

/** The theme noun a word is a form of ("leaks", "leaking", "leaky" → "leak"), if any. */
function themeNoun(w: string): string | null {
  for (const base of [w, singular(w), w.replace(/(ing|ed|y)$/, '')]) if (THEME_NOUNS.has(base)) return base;
  return null;
}

/** Idioms by first word: most tokens start none, so most cost one lookup. */
const IDIOMS = new Map<string, string[][]>();
for (const idiom of TOPIC_IDIOMS.map((p) => p.split(' '))) IDIOMS.set(idiom[0]!, [...(IDIOMS.get(idiom[0]!) ?? []), idiom]);

/** Marks the tokens of idioms, which are never halves of a theme. */
function idiomTokens(norms: readonly string[]): boolean[] {
  const mark = norms.map(() => false);
  for (let i = 0; i < norms.length; i++) {
    for (const idiom of IDIOMS.get(norms[i]!) ?? []) {
      if (!idiom.every((w, k) => norms[i + k] === w)) continue;
      for (let k = 0; k < idiom.length; k++) mark[i + k] = true;
    }
  }
  return mark;
}

function isOpinion(w: string): boolean {
  return Math.abs(wordValence(w)) >= 1 && !PROBLEM_WORDS.has(w) && !RESIDUE_WORDS.has(w);
}

function singular(w: string): string {
  return w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w) ? w.slice(0, -1) : w;
}

function excludedWords(business: BusinessConfig): Set<string> {
  const names = [business.name, ...business.technicians.flatMap((t) => [t.name, ...t.aliases]), ...business.serviceAreas.map((a) => a.name)];
  return new Set(
    names
      .flatMap((n) => n.toLowerCase().split(/[^\p{L}]+/u))
      .filter(Boolean)
      .flatMap((w) => [w, `${w}'s`]),
  );
}
