import type { AspectId, BusinessConfig } from '../schemas/business-schema.ts';
import type { z } from 'zod';
import type { FaqEntrySchema } from '../schemas/insights-schema.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { polarityOf } from './polarity.ts';
import { findDurations } from './find-durations.ts';
import { pickQuotes, type QuoteCandidate } from './select-quotes.ts';

type FaqEntry = z.infer<typeof FaqEntrySchema>;

/** A question is answered only when at least this many reviews give evidence either way. */
export const MIN_FAQ_EVIDENCE = 3;
/** Review ids cited per answer (the quoted ones first, then the newest). */
export const FAQ_CITATIONS = 10;

/** Questions answered from aspect sentiment: the reviews that speak of the aspect, and how. */
const ASPECT_QUESTIONS: readonly { id: string; aspect: AspectId; question: string; topic: string }[] = [
  { id: 'insurance-claims', aspect: 'insurance', question: 'Do they help with insurance claims?', topic: 'insurance claims' },
  { id: 'cleanup', aspect: 'cleanup', question: 'Do they clean up after the job?', topic: 'cleanup' },
  { id: 'warranty', aspect: 'warranty', question: 'Is there a warranty, and do they come back if something goes wrong?', topic: 'warranty and return visits' },
  { id: 'on-time', aspect: 'timeliness', question: 'Do they show up and finish on time?', topic: 'timeliness' },
  { id: 'price', aspect: 'price', question: 'Is the final price fair and in line with the quote?', topic: 'price' },
  { id: 'communication', aspect: 'communication', question: 'Do they keep you informed?', topic: 'communication' },
];

/**
 * Questions a prospective customer asks, each answered only from review evidence: counts of
 * reviews for and against, quotes, and the cited review ids. A question with fewer than
 * MIN_FAQ_EVIDENCE reviews of evidence is left out rather than guessed.
 */
export function buildFaq(analyzed: readonly AnalyzedReview[], business: BusinessConfig): FaqEntry[] {
  const out: FaqEntry[] = [];
  for (const q of ASPECT_QUESTIONS) {
    if (!business.aspects.some((a) => a.id === q.aspect)) continue;
    const entry = aspectAnswer(analyzed, q);
    if (entry) out.push(entry);
  }
  if (business.services.some((s) => s.id === 'roof-replacement')) {
    const entry = durationAnswer(analyzed.filter((a) => a.review.services.some((s) => s.id === 'roof-replacement')));
    if (entry) out.push(entry);
  }
  return out;
}

function aspectAnswer(analyzed: readonly AnalyzedReview[], q: (typeof ASPECT_QUESTIONS)[number]): FaqEntry | null {
  const verdict = { positive: [] as QuoteCandidate[], negative: [] as QuoteCandidate[], neutral: [] as QuoteCandidate[] };
  for (const a of analyzed) {
    const ms = a.mentions.filter((m) => m.aspect === q.aspect);
    if (ms.length === 0) continue;
    const net = ms.reduce((sum, m) => sum + m.score, 0);
    const strongest = ms.reduce((best, m) => (Math.abs(m.score) > Math.abs(best.score) ? m : best));
    const polarity = polarityOf(net);
    verdict[polarity].push({ analyzed: a, sentence: strongest.sentence, polarity, score: net, at: strongest.start });
  }
  const pos = verdict.positive.length;
  const neg = verdict.negative.length;
  if (pos + neg < MIN_FAQ_EVIDENCE) return null;
  const total = pos + neg + verdict.neutral.length;
  const quotes = [...pickQuotes(verdict.positive, 1), ...pickQuotes(verdict.negative, 1)];
  const said = quotes.map((x) => ` ${x.polarity === 'positive' ? 'For example' : 'On the other hand'}: "${x.text}"`).join('');
  const neutral = verdict.neutral.length ? `, ${verdict.neutral.length} without a clear opinion` : '';
  return {
    id: q.id,
    question: q.question,
    answer: `${total} reviews speak about ${q.topic}: ${pos} positively, ${neg} negatively${neutral}.${said}`,
    evidence: { reviewCount: total, positive: pos, negative: neg },
    reviewIds: citations(quotes.map((x) => x.reviewId), [...verdict.positive, ...verdict.negative]),
  };
}

const DAYS_WORDS = ['one day', 'two days', 'three days', 'four to seven days', 'more than a week'] as const;

function durationAnswer(analyzed: readonly AnalyzedReview[]): FaqEntry | null {
  const found: QuoteCandidate[] = [];
  const buckets = [0, 0, 0, 0, 0];
  let positive = 0;
  let negative = 0;
  for (const a of analyzed) {
    const d = findDurations(a)[0];
    if (!d) continue;
    buckets[d.days <= 3 ? d.days - 1 : d.days <= 7 ? 3 : 4]!++;
    if (a.review.rating >= 4) positive++;
    if (a.review.rating <= 2) negative++;
    found.push({ analyzed: a, sentence: d.sentence, polarity: 'neutral', score: 0, at: d.start });
  }
  if (found.length < MIN_FAQ_EVIDENCE) return null;
  const parts = buckets.flatMap((n, i) => (n ? [`${n} ${DAYS_WORDS[i]}`] : []));
  const quotes = pickQuotes(found, 1);
  return {
    id: 'replacement-duration',
    question: 'How long does a roof replacement take?',
    answer: `${found.length} reviews of roof replacements say how long the work took: ${parts.join(', ')}. ${positive} of these reviews are rated 4 or 5 stars and ${negative} 1 or 2 stars. For example: "${quotes[0]!.text}"`,
    evidence: { reviewCount: found.length, positive, negative },
    reviewIds: citations(quotes.map((q) => q.reviewId), found),
  };
}

function citations(first: string[], evidence: readonly QuoteCandidate[]): string[] {
  const rest = evidence.map((c) => c.analyzed.review).sort(compareReviews).map((r) => r.id);
  return [...new Set([...first, ...rest])].slice(0, FAQ_CITATIONS);
}
