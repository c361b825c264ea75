import type { Polarity, Quote } from '../schemas/insights-schema.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { AspectMention } from './analyze-text.ts';
import { firstK } from '../model/first-k.ts';

/** A sentence that could be quoted for a figure. */
export interface QuoteCandidate {
  analyzed: AnalyzedReview;
  sentence: number;
  polarity: Polarity;
  score: number;
  /** Character offset of the term the quote is about; used to cut a long sentence to its clause. */
  at?: number;
  /** Calibrated probability that the quote says what it is quoted for (ranks sure quotes; see `sureCandidates`). */
  confidence?: number;
}

/**
 * Quote candidates from the sure mentions of a set of readings: only a reading whose calibrated
 * confidence passes the model's quote threshold is ever put on show (fewer quotes, or none, rather
 * than a wrong one).
 */
export function sureCandidate(analyzed: AnalyzedReview, m: AspectMention): QuoteCandidate | null {
  if (!m.sure || m.polarity === 'neutral') return null;
  return { analyzed, sentence: m.sentence, polarity: m.polarity, score: m.score, at: m.start, confidence: m.confidence };
}

/**
 * Whether the reader reads sentence `sentence` of the review both ways (praise on one aspect, a complaint on another).
 * Such a sentence is a true quote for an aspect ("the crew was friendly, but we found nails in the driveway" is a
 * cleanup complaint), but not for a person or place it names: "Marco's crew was easy to work with, but the first order
 * was the wrong color" is neither praise nor a complaint of Marco.
 */
export function readBothWays(analyzed: AnalyzedReview, sentence: number): boolean {
  let positive = false;
  let negative = false;
  for (const m of analyzed.mentions) {
    if (m.sentence !== sentence) continue;
    if (m.polarity === 'positive') positive = true;
    else if (m.polarity === 'negative') negative = true;
  }
  return positive && negative;
}

/**
 * A review with a disclosure (the reviewer's connection to the business, an incentive offered) is never quoted: a quote
 * in an FAQ answer, the summary or a technician's entry carries no disclosure, and 16 CFR 465 wants one wherever the
 * review is used. It is counted like every other review, and shown with its disclosure wherever it is shown whole.
 */
function isDisclosed(analyzed: AnalyzedReview): boolean {
  return analyzed.review.relationship !== undefined || analyzed.review.incentive !== undefined;
}

/** Sentences longer than this are cut down to the clause that holds the term. */
const MAX_QUOTE = 240;
const MIN_QUOTE = 25;

/**
 * Where the quote sits in the review text: the sentence, or for a long sentence the clause around
 * `at`. Always a span of the review text, so a reader can find the quote in the review it cites.
 */
export function quoteSpan(c: QuoteCandidate): [number, number] {
  const s = c.analyzed.sentences[c.sentence]!;
  if (s.end - s.start <= MAX_QUOTE || c.at === undefined) return [s.start, s.end];
  // The clause that holds the first token ending after `at` (clauses are runs of tokens, in order), else the first.
  const clauses = s.clauses ?? []; // none listed: the sentence is one clause
  const clause = clauses.find(([, end]) => end > c.at!) ?? clauses[0];
  return clause ? [clause[0], clause[1]] : [s.start, s.end];
}

/** The exact text to quote (see quoteSpan). */
export function quoteText(c: QuoteCandidate): string {
  const [start, end] = quoteSpan(c);
  return c.analyzed.review.text.slice(start, end);
}

/** A candidate as a published quote. */
export function toQuote(c: QuoteCandidate): Quote {
  const r = c.analyzed.review;
  return { reviewId: r.id, text: quoteText(c), polarity: c.polarity, rating: r.rating, date: r.date };
}

/**
 * A quote candidate ranked and made plain data: what the insights keep of it between builds (insights-partial.ts).
 * Its review's own fields come with it, so a pool holds no reference to the analysis it came from.
 */
export interface PooledQuote {
  rank: number;
  date: string;
  id: string;
  sentence: number;
  polarity: Polarity;
  rating: number;
  text: string;
}

/**
 * Candidates kept per quote asked for, so that repeated wordings still leave `limit` different ones: `limit` quotes
 * are quotesFromPool(quotePool(candidates, limit × WORDING_POOL), limit).
 */
export const WORDING_POOL = 4;

/**
 * The best `size` candidates, one per review (the best of each review; one review is one kind, so the result does not
 * depend on the candidates' order), never a review with a disclosure. Preference, in order: a readable length; a star
 * rating that agrees with the quote (praise from a 4–5 star review, complaint from a 1–3 star one), so that a misread
 * sentence is not the one put on show; the surest reading; the clearest opinion; the newest; the lowest id — a total
 * order, so the same reviews always give the same quotes. Pools merge: the pool of the pools of disjoint
 * sets of reviews (`mergePools`) is the pool of all of them, since a review in the best `size` of all is in the best
 * `size` of its own set.
 */
export function quotePool(candidates: readonly QuoteCandidate[], size: number): PooledQuote[] {
  const ranked: { p: Ranked; c: QuoteCandidate }[] = [];
  for (const c of candidates) {
    if (isDisclosed(c.analyzed)) continue;
    const r = c.analyzed.review;
    ranked.push({ p: { rank: rank(c), date: r.date, id: r.id, sentence: c.sentence, polarity: c.polarity, rating: r.rating }, c });
  }
  const best = firstK(
    ranked,
    size,
    (x, y) => byRank(x.p, y.p),
    (x, y) => x.p.id === y.p.id,
  );
  return best.map(({ p, c }) => ({ ...p, text: quoteText(c) }));
}

/** The pool of pools of disjoint sets of reviews, `size` at most (see quotePool). */
export function mergePools(pools: readonly (readonly PooledQuote[])[], size: number): PooledQuote[] {
  return firstK(pools.flat(), size, byRank, sameReview);
}

/**
 * Up to `limit` quotes from a pool, best first, one per wording: walking the pool best first, a text already taken is
 * skipped. "Same review or same words" in one pass is no equivalence (a review repeating another's sentence is like
 * both), and it let two quotes of one review through, by input order: the pool has one per review already.
 */
export function quotesFromPool(pool: readonly PooledQuote[], limit: number): Quote[] {
  const taken = new Set<string>();
  const best: Quote[] = [];
  for (const p of pool) {
    if (best.length === limit) break;
    if (taken.has(p.text)) continue; // two customers writing the same sentence make one quote
    taken.add(p.text);
    best.push({ reviewId: p.id, text: p.text, polarity: p.polarity, rating: p.rating, date: p.date });
  }
  return best;
}

type Ranked = Omit<PooledQuote, 'text'>;
const byRank = (a: Ranked, b: Ranked) => b.rank - a.rank || cmp(b.date, a.date) || cmp(a.id, b.id) || a.sentence - b.sentence;
const sameReview = (a: PooledQuote, b: PooledQuote) => a.id === b.id;

function rank(c: QuoteCandidate): number {
  const [start, end] = quoteSpan(c);
  const readable = end - start >= MIN_QUOTE && end - start <= MAX_QUOTE ? 100 : 0;
  const rating = c.analyzed.review.rating;
  const agrees = (c.polarity === 'positive' && rating >= 4) || (c.polarity === 'negative' && rating <= 3) ? 50 : 0;
  return readable + agrees + Math.round((c.confidence ?? 0) * 20) + Math.min(10, Math.round(Math.abs(c.score) * 10) / 10);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
