import { starBucket, starScores, type StarWords } from './star-words.ts';
import { NOT_DERIVED } from '../lexicon/general-words.ts';
import { SUBJECTIVITY_WORDS, type Subjectivity } from '../lexicon/subjectivity-words.ts';
import { adverbBases } from '../sentiment-lexicon.ts';
import type { AspectId } from '../../schemas/business-schema.ts';
import { COUNTED_PUNCTUATION } from '../lexicon/text-marks.ts';
import type { ScoredSentence } from '../scored-sentence.ts';
import { polarityOf } from '../polarity.ts';

/**
 * Where features go: name and value (1 for indicators; a repeated feature adds up). Inference
 * accumulates dot products straight from the sink, training collects a map — same features both ways.
 */
export type FeatureSink = (name: string, value: number) => void;

/** A sink that collects features into a map (training, tests). */
export function collect(into: Map<string, number>): FeatureSink {
  return (name, value) => into.set(name, (into.get(name) ?? 0) + value);
}

/** What the rules found for one aspect in a sentence; the category model's lexicon and rule features. */
export interface RuleEvidence {
  aspect: AspectId;
  /** A strong term of the aspect occurs. */
  strong: boolean;
  /** A weak term occurs; `weakNear`: with an opinion word next to it. */
  weak: boolean;
  weakNear: boolean;
  /** A term occurs but is about another party ("the other roofer's quote"). */
  other: boolean;
  /** The rules count a mention (the term survived the weak-term and other-party tests). */
  mention: boolean;
}

/** Words as features: numbers and prices folded into classes so "$2,400" and "$950" look alike. */
export function featureWord(norm: string): string {
  if (norm.startsWith('$')) return '<money>';
  if (/^\d/.test(norm)) return '<num>';
  return norm;
}

/** The word before a sentence's first word, and before a word that follows punctuation (bigrams). */
export const SENTENCE_START = '<s>';
export const AFTER_PUNCTUATION = '<p>';
/** A word's first letters stand for its inflections and many misspellings ("charged", "chargd")… */
export const PREFIX_LENGTH = 5;

/** …for words longer than that: the prefix feature of a feature word, or null. */
export const prefixOf = (word: string): string | null => (word.length > PREFIX_LENGTH ? word.slice(0, PREFIX_LENGTH) : null);

/**
 * Unigrams, bigrams and prefixes of the words of a sentence (and "?", "!"), as named features. Training
 * reads these; inference walks the same definitions through the word index of text-table.ts (a unit
 * test checks that both give the same sums). Computed once per sentence while it is read and then
 * dropped (a build holds every sentence; it must not hold these strings too).
 */
export function textFeatures(s: ScoredSentence): string[] {
  const out: string[] = [];
  let prev = SENTENCE_START;
  for (const t of s.tokens) {
    if (!t.word) {
      if (COUNTED_PUNCTUATION.has(t.norm)) out.push(`u:${t.norm}`);
      prev = AFTER_PUNCTUATION;
      continue;
    }
    const w = featureWord(t.norm);
    out.push(`u:${w}`, `b:${prev}_${w}`);
    const prefix = prefixOf(w);
    if (prefix) out.push(`p:${prefix}`);
    prev = w;
  }
  return out;
}

function addTextFeatures(f: FeatureSink, words: readonly string[]): void {
  for (const name of words) f(name, 1);
}

/**
 * Features of a sentence for the aspect-category model: its words and word pairs, which aspects'
 * lexicon terms occur (strong, weak, weak next to an opinion, about another party) and which
 * aspects the rules count, and whether it holds praise or complaint at all.
 */
export function categoryFeatures(
  f: FeatureSink,
  sentences: readonly ScoredSentence[],
  evidence: readonly RuleEvidence[],
  words: readonly string[] = sentences.flatMap(textFeatures),
): void {
  addTextFeatures(f, words);
  let pos = false;
  let neg = false;
  let length = 0;
  for (const s of sentences) {
    for (let k = 0; k < s.tokens.length; k++) {
      if (s.tokens[k]!.word) length++;
      if (s.valence[k]! > 0) pos = true;
      if (s.valence[k]! < 0) neg = true;
    }
  }
  if (pos) f('op:+', 1);
  if (neg) f('op:-', 1);
  f(`len:${length < 6 ? 's' : length < 15 ? 'm' : length < 30 ? 'l' : 'xl'}`, 1);
  for (const e of evidence) {
    if (e.strong) f(`lex:${e.aspect}:strong`, 1);
    if (e.weak) f(`lex:${e.aspect}:weak`, 1);
    if (e.weakNear) f(`lex:${e.aspect}:weaknear`, 1);
    if (e.other) f(`lex:${e.aspect}:other`, 1);
    if (e.mention) f(`rule:${e.aspect}`, 1);
  }
}

/** Bucket of a rule score, so the model can learn where the rules' band should sit. */
export function scoreBucket(x: number): string {
  const edges = [-2, -1, -0.5, -0.25, 0.25, 0.5, 1, 2];
  let b = 0;
  while (b < edges.length && x > edges[b]!) b++;
  return String(b);
}

/** Words on either side of the target that the polarity model reads as its context. */
const WINDOW = 5;

/**
 * What the polarity layer reads a polarity for: a term (tokens `[from, to)` of the sentence) or, with
 * both null, an implicit aspect (no word names it; the sentence is the context), with the rules' score
 * of the term (of the sentence, when implicit) and of the whole sentence.
 */
export interface Target {
  sentence: ScoredSentence;
  from: number | null;
  to: number | null;
  aspect: string;
  ruleScore: number;
  sentenceScore: number;
}

/**
 * Features of one target for the polarity model: the rule score of the target and of the whole
 * sentence (bucketed and scaled — the rules become features, and the model learns when to trust
 * them), the aspect, the words around the target in its clause, the opinion words of its clause
 * with the sign the rules gave them (after negation), and the sentence's words. `from`/`to` are a
 * token range, or null for an implicit aspect (no word names it): then the sentence is the context.
 */
export function polarityFeatures(f: FeatureSink, t: Target, stars: StarWords | null = null, review: ReviewContext = {}): void {
  addTextFeatures(f, textFeatures(t.sentence));
  targetFeatures(f, t, stars, review);
}

/**
 * What the reader may know of the review a sentence comes from: its star rating (1–5). The build knows it
 * (`analyzeReview` passes `review.rating`); bare sentences (`npm run absa`, SemEval, the fixtures) do not.
 */
export interface ReviewContext {
  rating?: number | null;
}

/** The rating as a feature value: its whole stars 1–5, or "?" when unknown (or out of range). */
export function ratingOf(review: ReviewContext): string {
  const r = review.rating;
  if (r === null || r === undefined || !Number.isFinite(r)) return '?';
  const k = Math.round(r);
  return k >= 1 && k <= 5 ? String(k) : '?';
}

/**
 * The review's rating, one-hot ("?" unknown: the weights stay right for unrated text), and crossed with the rules'
 * reading of the target (positive, negative, neutral), so the layer learns how far a rating moves each reading
 * rather than reading every sentence of a one-star review as a complaint. Their weights are trained after the
 * others, on top of them, with their own L2 (`trainPolarity`, `Hyper.l2Rating`, scripts/lib/train-absa-model.ts):
 * the rating corrects the reading of the text, it does not replace it.
 */
function ratingFeatures(f: FeatureSink, review: ReviewContext, ruleScore: number): void {
  const r = ratingOf(review);
  f(`rt:${r}`, 1);
  f(`rt:${r}:rs:${polarityOf(ruleScore)}`, 1);
}

/**
 * The part of `polarityFeatures` that depends on the target (the sentence's words are shared by all its targets).
 * With a star-word table (`stars`), also its sums over the target's clause and over the whole sentence (star-words.ts).
 */
export function targetFeatures(f: FeatureSink, target: Target, stars: StarWords | null = null, review: ReviewContext = {}): void {
  const { sentence: s, from, to, aspect, ruleScore, sentenceScore } = target;
  const clip = (x: number) => Math.max(-2, Math.min(2, x / 2));
  f(`rs:${scoreBucket(ruleScore)}`, 1);
  f('rsc', clip(ruleScore));
  f(`ss:${scoreBucket(sentenceScore)}`, 1);
  f('ssc', clip(sentenceScore));
  f(`a:${aspect}`, 1);
  f(`a:${aspect}:rs:${scoreBucket(ruleScore)}`, 1);
  const n = s.tokens.length;
  const implicit = from === null || to === null;
  if (implicit) f('implicit', 1);
  const lo = implicit ? 0 : Math.max(0, from - WINDOW);
  const hi = implicit ? n : Math.min(n, to + WINDOW);
  const clauses = new Set<number>();
  if (!implicit) for (let k = from; k < to; k++) clauses.add(s.clause[k]!);
  for (let k = lo; k < hi; k++) {
    const t = s.tokens[k]!;
    if (!t.word || (!implicit && k >= from && k < to)) continue;
    const side = implicit ? 'w' : k < from ? 'l' : 'r';
    f(`${side}:${featureWord(t.norm)}`, 1);
  }
  let negators = 0;
  for (let k = 0; k < n; k++) {
    if (s.role[k] === 'negator') negators++;
    if (s.role[k] === 'contrast') f('contrast', 1);
    if (s.tokens[k]!.norm === 'than') f('than', 1);
    const v = s.valence[k]!;
    if (v === 0) continue;
    const own = implicit || clauses.has(s.clause[k]!);
    f(`${own ? 'v' : 'x'}${v > 0 ? '+' : '-'}:${featureWord(s.tokens[k]!.norm)}`, 1);
  }
  if (negators) f('negator', 1);
  if (s.answer) f(`answer:${s.answer > 0 ? '+' : '-'}`, 1);
  if (s.exclamations) f('excl', 1);
  if (stars) starFeatures(f, s, implicit ? null : clauses, stars);
  subjectivityFeatures(f, s, implicit ? null : clauses);
  ratingFeatures(f, review, ruleScore);
}

/** Star-word sums (star-words.ts) over the target's clauses (the sentence for an implicit aspect) and the sentence. */
function starFeatures(f: FeatureSink, s: ScoredSentence, clauses: ReadonlySet<number> | null, stars: StarWords): void {
  const scores = starScores(s, stars);
  let own = 0;
  let all = 0;
  scores.forEach((x, k) => {
    all += x;
    if (clauses === null || clauses.has(s.clause[k]!)) own += x;
  });
  f(`star:${starBucket(own)}`, 1);
  f('starc', Math.max(-2, Math.min(2, own / 2)));
  f(`stars:${starBucket(all)}`, 1);
}

/** A word this many tokens after a negator in the same clause counts with its polarity turned ("not helpful"). */
const SUBJECTIVITY_NEGATION_REACH = 3;
/** A word at least this subjective is an opinion word (Pattern: 0 a fact, 1 an opinion). */
const SUBJECTIVE = 0.5;
/** Buckets of the polarity sum: the feature names say on which side of these it fell. */
const POLARITY_EDGES = [-0.5, -0.1, 0.1, 0.5] as const;

/** A word's subjectivity entry, or an adverb's from its adjective ("carefully" → "careful"; the lexicon lists adjectives). */
function subjectivityOf(norm: string): Subjectivity | undefined {
  const hit = SUBJECTIVITY_WORDS.get(norm);
  if (hit || !norm.endsWith('ly') || NOT_DERIVED.has(norm)) return hit;
  for (const base of adverbBases(norm.slice(0, -2))) {
    const entry = SUBJECTIVITY_WORDS.get(base);
    if (entry) return entry;
  }
  return undefined;
}

/**
 * Features of the subjectivity lexicon (lexicon/subjectivity-words.ts) over the target's clauses (the whole
 * sentence for an implicit aspect, `clauses` null): how many opinion words they hold (none, one, more), the
 * bucket of their polarity sum with negation, and that sum clipped.
 */
function subjectivityFeatures(f: FeatureSink, s: ScoredSentence, clauses: ReadonlySet<number> | null): void {
  let opinions = 0;
  let polarity = 0;
  for (let k = 0; k < s.tokens.length; k++) {
    if (clauses !== null && !clauses.has(s.clause[k]!)) continue;
    const entry = subjectivityOf(s.tokens[k]!.norm);
    if (!entry) continue;
    if (entry.subjectivity >= SUBJECTIVE) opinions++;
    let sign = 1;
    for (let d = 1; d <= SUBJECTIVITY_NEGATION_REACH && k - d >= 0 && s.clause[k - d] === s.clause[k]; d++)
      if (s.role[k - d] === 'negator') sign = -1;
    polarity += sign * entry.polarity;
  }
  f(`subj:${Math.min(opinions, 2)}`, 1);
  const bucket = POLARITY_EDGES.findIndex((e) => polarity < e);
  f(`subjp:${bucket === -1 ? POLARITY_EDGES.length : bucket}`, 1);
  f('subjpc', Math.max(-1, Math.min(1, polarity)));
}
