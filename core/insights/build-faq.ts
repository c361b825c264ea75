import type { AspectId, BusinessConfig } from '../schemas/business-schema.ts';
import type { z } from 'zod';
import type { AspectInsight, FaqEntrySchema, Quote } from '../schemas/insights-schema.ts';
import { plural } from '../format/format-count.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import { firstK } from '../model/first-k.ts';
import type { AspectMention } from './analyze-text.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { polarityOf } from './polarity.ts';
import { findDurations } from './find-durations.ts';
import { findWarrantyTerms } from './find-warranty-terms.ts';
import { pickQuotes, sureCandidate, type QuoteCandidate } from './select-quotes.ts';

type FaqEntry = z.infer<typeof FaqEntrySchema>;

/** A question is answered only when at least this many reviews give evidence either way. */
export const MIN_FAQ_EVIDENCE = 3;
/** Review ids cited per answer (the quoted ones first, then the newest). */
export const FAQ_CITATIONS = 10;

/** How an aspect answer introduces its sure quotes: a praise, a complaint. */
export const PRAISE = 'Praise';
export const COMPLAINT = 'A complaint';

/** Questions answered from aspect sentiment: the reviews that speak of the aspect, and how. */
export const ASPECT_QUESTIONS: readonly { id: string; aspect: AspectId; question: string; topic: string }[] = [
  { id: 'insurance-claims', aspect: 'insurance', question: 'Do they help with insurance claims?', topic: 'insurance claims' },
  {
    id: 'workmanship',
    aspect: 'workmanship',
    question: 'Does the work hold up — any leaks or problems after the job?',
    topic: 'the work itself and how it held up',
  },
  { id: 'cleanup', aspect: 'cleanup', question: 'Do they clean up after the job?', topic: 'cleanup' },
  {
    id: 'warranty',
    aspect: 'warranty',
    question: 'Is there a warranty, and do they come back if something goes wrong?',
    topic: 'warranty and return visits',
  },
  { id: 'on-time', aspect: 'timeliness', question: 'Do they show up and finish on time?', topic: 'timeliness' },
  { id: 'price', aspect: 'price', question: 'Is the final price fair and in line with the quote?', topic: 'price' },
  { id: 'communication', aspect: 'communication', question: 'Do they keep you informed?', topic: 'communication' },
];

/**
 * Questions a prospective customer asks, each answered only from review evidence. An aspect's answer
 * states its corrected share in words (`aspects[].inWords`: an estimate with its interval, or "not
 * enough opinions yet"); `evidence.positive` / `negative` count the reviews the reader reads as
 * positive / negative about the question's aspect (raw readings, never star ratings), and every
 * "Praise" / "A complaint" quote is a sentence the reader is sure says that aspect with
 * that polarity. A question with fewer than MIN_FAQ_EVIDENCE reviews of evidence is left out.
 */
export function buildFaq(analyzed: readonly AnalyzedReview[], business: BusinessConfig, aspects: readonly AspectInsight[]): FaqEntry[] {
  const out: FaqEntry[] = [];
  const read = verdicts(
    analyzed,
    ASPECT_QUESTIONS.map((q) => q.aspect),
  );
  for (const q of ASPECT_QUESTIONS) {
    const insight = aspects.find((a) => a.id === q.aspect);
    if (!insight) continue;
    const entry = aspectAnswer(analyzed, q, insight, read.get(q.aspect)!);
    if (entry) out.push(entry);
  }
  if (business.services.some((s) => s.id === 'roof-replacement')) {
    const entry = durationAnswer(analyzed.filter((a) => a.review.services.some((s) => s.id === 'roof-replacement')));
    if (entry) out.push(entry);
  }
  return out;
}

type Verdicts = Record<'positive' | 'negative' | 'neutral', QuoteCandidate[]>;
type AspectVerdicts = { reviews: Verdicts; sure: Verdicts };

/**
 * Per aspect, each review's reading of it (the polarity of the sum of its mention scores), and the sure
 * mentions of that polarity that could be quoted for it. One pass over the reviews for every aspect at once.
 */
function verdicts(analyzed: readonly AnalyzedReview[], aspects: readonly AspectId[]): Map<AspectId, AspectVerdicts> {
  const index = new Map(aspects.map((a, i) => [a, i]));
  const out: AspectVerdicts[] = aspects.map(() => ({
    reviews: { positive: [], negative: [], neutral: [] },
    sure: { positive: [], negative: [], neutral: [] },
  }));
  const net = aspects.map(() => 0);
  const strongest: (AspectMention | null)[] = aspects.map(() => null);
  const touched: number[] = [];
  for (const a of analyzed) {
    for (const m of a.mentions) {
      const i = index.get(m.aspect);
      if (i === undefined) continue;
      if (!strongest[i]) touched.push(i);
      net[i]! += m.score;
      if (!strongest[i] || Math.abs(m.score) > Math.abs(strongest[i].score)) strongest[i] = m;
    }
    for (const i of touched) {
      const polarity = polarityOf(net[i]!);
      out[i]!.reviews[polarity].push({
        analyzed: a,
        sentence: strongest[i]!.sentence,
        polarity,
        score: net[i]!,
        at: strongest[i]!.start,
      });
      // The surest quotable mention of that polarity (the first of equals).
      let best: QuoteCandidate | null = null;
      for (const m of a.mentions) {
        if (m.aspect !== aspects[i] || m.polarity !== polarity) continue;
        const c = sureCandidate(a, m);
        if (c && (!best || (c.confidence ?? 0) > (best.confidence ?? 0))) best = c;
      }
      if (best) out[i]!.sure[polarity].push(best);
      net[i] = 0;
      strongest[i] = null;
    }
    touched.length = 0;
  }
  return new Map(aspects.map((a, i) => [a, out[i]!]));
}

function aspectAnswer(
  analyzed: readonly AnalyzedReview[],
  q: (typeof ASPECT_QUESTIONS)[number],
  insight: AspectInsight,
  { reviews: v, sure }: AspectVerdicts,
): FaqEntry | null {
  const pos = v.positive.length;
  const neg = v.negative.length;
  if (pos + neg < MIN_FAQ_EVIDENCE) return null;
  const total = pos + neg + v.neutral.length;
  const terms = q.aspect === 'warranty' ? warrantyTerms(analyzed) : null;
  // One sure quote each way, never the sentence the warranty terms already quote.
  const first = (candidates: readonly QuoteCandidate[]) => pickQuotes(candidates, 2).filter((x) => x.text !== terms?.example)[0] ?? [];
  const quotes = [first(sure.positive), first(sure.negative)].flat();
  // Each quote says what it is: the sentence before it may give a share of either side, or none.
  const said = quotes.map((x) => ` ${x.polarity === 'positive' ? PRAISE : COMPLAINT}: "${x.text}"`).join('') + unquoted(quotes, pos, neg);
  return {
    id: q.id,
    question: q.question,
    answer: `${terms?.text ?? ''}${plural(total, 'review')} speak${total === 1 ? 's' : ''} about ${q.topic}. ${insight.inWords}${said}`,
    evidence: { reviewCount: total, positive: pos, negative: neg },
    reviewIds: citations([...(terms?.ids ?? []), ...quotes.map((x) => x.reviewId)], [...(terms?.evidence ?? []), ...v.positive, ...v.negative]),
  };
}

/**
 * Why a side has no quote: no reading of it was sure enough, or each sure one is in a review with a disclosure (which is
 * never quoted: select-quotes.ts). Shared with the summary.
 */
export const NONE_QUOTABLE = 'none was read surely enough in a review without a disclosure to quote it.';

/**
 * Says which side has readings but no quote. A complaint must be surer than a praise to be quoted (the reader errs more
 * on complaints), so an answer could show praise alone while reviews complain: it must not look as if none did.
 */
function unquoted(quotes: readonly Quote[], positive: number, negative: number): string {
  const missing = (['positive', 'negative'] as const).filter(
    (p) => (p === 'positive' ? positive : negative) > 0 && !quotes.some((q) => q.polarity === p),
  );
  if (missing.length === 0) return '';
  // "Nothing is quoted" read wrong after the warranty answer's "Terms as written: …", itself a quote.
  const what =
    missing.length === 2 ? 'Neither praise nor a complaint is quoted' : missing[0] === 'negative' ? 'No complaint is quoted' : 'No praise is quoted';
  return ` ${what}: ${NONE_QUOTABLE}`;
}

/** What reviews say the warranty terms are ("10-year workmanship warranty (4 reviews)"), with one example. */
function warrantyTerms(
  analyzed: readonly AnalyzedReview[],
): { text: string; example: string | null; ids: string[]; evidence: QuoteCandidate[] } | null {
  const byLabel = new Map<string, QuoteCandidate[]>();
  for (const a of analyzed) {
    for (const t of new Map(findWarrantyTerms(a).map((t) => [t.label, t])).values()) {
      const list = byLabel.get(t.label) ?? [];
      list.push({
        analyzed: a,
        sentence: t.sentence,
        polarity: 'neutral',
        score: 0,
        at: t.start,
      });
      byLabel.set(t.label, list);
    }
  }
  if (byLabel.size === 0) return null;
  const ranked = [...byLabel].sort(([la, a], [lb, b]) => b.length - a.length || (la < lb ? -1 : 1)).slice(0, 3);
  const listed = ranked.map(([label, c]) => `${label} (${c.length} review${c.length > 1 ? 's' : ''})`).join(', ');
  // No example when every review stating them carries a disclosure (pickQuotes quotes none of those).
  const example = pickQuotes(ranked[0]![1], 1)[0];
  return {
    text: `Warranty terms as customers state them: ${listed}. ${example ? `Terms as written: "${example.text}" ` : ''}`,
    example: example?.text ?? null,
    ids: example ? [example.reviewId] : [],
    evidence: ranked.flatMap(([, c]) => c),
  };
}

const DAYS_WORDS = ['one day', 'two days', 'three days', 'four to seven days', 'more than a week'] as const;

function durationAnswer(analyzed: readonly AnalyzedReview[]): FaqEntry | null {
  const found: QuoteCandidate[] = [];
  const plain: QuoteCandidate[] = [];
  const buckets = [0, 0, 0, 0, 0];
  let positive = 0;
  let negative = 0;
  for (const a of analyzed) {
    const d = findDurations(a)[0];
    if (!d) continue;
    buckets[d.days <= 3 ? d.days - 1 : d.days <= 7 ? 3 : 4]!++;
    const timeliness = a.mentions.filter((m) => m.aspect === 'timeliness');
    const reading = timeliness.length ? polarityOf(timeliness.reduce((sum, m) => sum + m.score, 0)) : 'neutral';
    if (reading === 'positive') positive++;
    if (reading === 'negative') negative++;
    const candidate: QuoteCandidate = {
      analyzed: a,
      sentence: d.sentence,
      polarity: 'neutral',
      score: 0,
      at: d.start,
    };
    found.push(candidate);
    // The example should be about the duration, not about something else that went wrong that day.
    if (!a.mentions.some((m) => m.sentence === d.sentence && m.aspect !== 'timeliness' && m.polarity !== 'neutral')) plain.push(candidate);
  }
  if (found.length < MIN_FAQ_EVIDENCE) return null;
  const parts = buckets.flatMap((n, i) => (n ? [`${n} ${n === 1 ? 'says' : 'say'} ${DAYS_WORDS[i]}`] : []));
  const quotes = pickQuotes(plain.length ? plain : found, 1);
  return {
    id: 'replacement-duration',
    question: 'How long does a roof replacement take?',
    // No example when every review stating a length carries a disclosure (pickQuotes quotes none of those).
    answer: `${plural(found.length, 'review')} of roof replacements say how long the work took: ${parts.join(', ')}.${quotes[0] ? ` For example: "${quotes[0].text}"` : ''}`,
    evidence: { reviewCount: found.length, positive, negative },
    reviewIds: citations(
      quotes.map((q) => q.reviewId),
      found,
    ),
  };
}

/** The quoted reviews' ids, then the newest other reviews of the evidence, FAQ_CITATIONS in all. */
function citations(first: string[], evidence: readonly QuoteCandidate[]): string[] {
  // The newest FAQ_CITATIONS reviews are enough: those quoted are among the first either way.
  const newest = firstK(
    evidence,
    FAQ_CITATIONS,
    (x, y) => compareReviews(x.analyzed.review, y.analyzed.review),
    (x, y) => x.analyzed.review.id === y.analyzed.review.id,
  );
  return [...new Set([...first, ...newest.map((c) => c.analyzed.review.id)])].slice(0, FAQ_CITATIONS);
}
