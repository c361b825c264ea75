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
 * Picks up to `limit` quotes, at most one per review and one per wording. Preference, in order: a readable length; a
 * star rating that agrees with the quote (praise from a 4–5 star review, complaint from a 1–3 star
 * one), so that a misread sentence is not the one put on show; the surest reading; the clearest
 * opinion; the newest; the lowest id — a total order, so the same reviews always give the same quotes.
 */
export function pickQuotes(candidates: readonly QuoteCandidate[], limit: number): Quote[] {
  const ranked = candidates.flatMap((c): Ranked[] =>
    isDisclosed(c.analyzed) ? [] : [{ c, rank: rank(c), date: c.analyzed.review.date, id: c.analyzed.review.id }],
  );
  // The best of each review first (one review is one kind: the result does not depend on the candidates' order),
  // then, walking them best first, one per wording. "Same review or same words" in one pass is no equivalence (a
  // review repeating another's sentence is like both), and it let two quotes of one review through, by input order.
  const pool = firstK(
    ranked,
    limit * WORDING_POOL,
    (a, b) => b.rank - a.rank || cmp(b.date, a.date) || cmp(a.id, b.id) || a.c.sentence - b.c.sentence,
    (a, b) => a.id === b.id,
  );
  const taken = new Set<string>();
  const best: Ranked[] = [];
  for (const r of pool) {
    if (best.length === limit) break;
    const text = quoteText(r.c);
    if (taken.has(text)) continue; // two customers writing the same sentence make one quote
    taken.add(text);
    best.push(r);
  }
  return best.map(({ c }) => toQuote(c));
}

/** Candidates kept per quote asked for, so that repeated wordings still leave `limit` different ones. */
const WORDING_POOL = 4;

interface Ranked {
  c: QuoteCandidate;
  rank: number;
  date: string;
  id: string;
}

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
