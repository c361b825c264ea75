import type { AspectId, BusinessConfig } from '../schemas/business-schema.ts';
import type { z } from 'zod';
import type { AspectInsight, FaqEntrySchema, Quote } from '../schemas/insights-schema.ts';
import { plural } from '../format/format-count.ts';
import { mergeNewest, newestReviews, type CitedReview } from './newest-reviews.ts';
import type { AspectMention } from './analyze-text.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { polarityOf } from './polarity.ts';
import { findDurations } from './find-durations.ts';
import { findWarrantyTerms } from './find-warranty-terms.ts';
import { mergePools, quotePool, quotesFromPool, sureCandidate, WORDING_POOL, type PooledQuote, type QuoteCandidate } from './select-quotes.ts';

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

/** What the FAQ keeps of a set of reviews. */
export interface FaqPartial {
  /** Per question of ASPECT_QUESTIONS, in its order: the reviews' readings of the question's aspect. */
  verdicts: VerdictTally[];
  /** Per warranty term as customers state it (`findWarrantyTerms`' label): the reviews that state it. */
  warranty: Map<string, { count: number; pool: PooledQuote[]; newest: CitedReview[] }>;
  /** Roof replacements that say how long the work took; null when the business does not list that service. */
  duration: DurationTally | null;
}

interface VerdictTally {
  /** Reviews read as positive, negative, neutral about the aspect (the polarity of the sum of their mentions' scores)… */
  positive: number;
  negative: number;
  neutral: number;
  /** …the surest quotable mention of that polarity in each… */
  sure: Record<'positive' | 'negative', PooledQuote[]>;
  /** …and the newest of the positive and negative ones (citations). */
  newest: CitedReview[];
}

interface DurationTally {
  /** Reviews per DAYS_WORDS bucket. */
  buckets: number[];
  /** Of them, read as positive / negative about timeliness. */
  positive: number;
  negative: number;
  /** Reviews that state a duration, and of them the ones whose duration sentence says nothing else (plain). */
  found: number;
  plain: number;
  foundPool: PooledQuote[];
  plainPool: PooledQuote[];
  newest: CitedReview[];
}

/** An aspect answer quotes the first of two quotes that is not the warranty terms' example: pools for two. */
const ASPECT_POOL = 2 * WORDING_POOL;
/** Warranty terms and durations quote one example. */
const EXAMPLE_POOL = 1 * WORDING_POOL;
const TERMS_LISTED = 3;

/** The FAQ's tallies of a set of reviews: one pass for the aspects' verdicts, one for warranty terms, one for durations. */
export function collectFaq(analyzed: readonly AnalyzedReview[], business: BusinessConfig): FaqPartial {
  const read = verdicts(
    analyzed,
    ASPECT_QUESTIONS.map((q) => q.aspect),
  );
  const replacements = business.services.some((s) => s.id === 'roof-replacement');
  return {
    verdicts: ASPECT_QUESTIONS.map((q) => {
      const { reviews: v, sure } = read.get(q.aspect)!;
      return {
        positive: v.positive.length,
        negative: v.negative.length,
        neutral: v.neutral.length,
        sure: { positive: quotePool(sure.positive, ASPECT_POOL), negative: quotePool(sure.negative, ASPECT_POOL) },
        newest: newestReviews(
          [...v.positive, ...v.negative].map((c) => c.analyzed.review),
          FAQ_CITATIONS,
        ),
      };
    }),
    warranty: warrantyTally(analyzed),
    duration: replacements ? durationTally(analyzed.filter((a) => a.review.services.some((s) => s.id === 'roof-replacement'))) : null,
  };
}

/** The FAQ's tallies of disjoint sets of reviews, as one. */
export function mergeFaq(parts: readonly FaqPartial[]): FaqPartial {
  const sum = <T>(of: (p: T) => number, list: readonly T[]) => list.reduce((n, p) => n + of(p), 0);
  const warranty: FaqPartial['warranty'] = new Map();
  for (const p of parts) {
    for (const [label, t] of p.warranty) {
      const into = warranty.get(label);
      if (!into) warranty.set(label, t);
      else
        warranty.set(label, {
          count: into.count + t.count,
          pool: mergePools([into.pool, t.pool], EXAMPLE_POOL),
          newest: mergeNewest([into.newest, t.newest], FAQ_CITATIONS),
        });
    }
  }
  const durations = parts.flatMap((p) => (p.duration ? [p.duration] : []));
  return {
    verdicts: ASPECT_QUESTIONS.map((_, i) => {
      const v = parts.map((p) => p.verdicts[i]!);
      return {
        positive: sum((x) => x.positive, v),
        negative: sum((x) => x.negative, v),
        neutral: sum((x) => x.neutral, v),
        sure: {
          positive: mergePools(
            v.map((x) => x.sure.positive),
            ASPECT_POOL,
          ),
          negative: mergePools(
            v.map((x) => x.sure.negative),
            ASPECT_POOL,
          ),
        },
        newest: mergeNewest(
          v.map((x) => x.newest),
          FAQ_CITATIONS,
        ),
      };
    }),
    warranty,
    duration:
      durations.length === 0
        ? null
        : {
            buckets: DAYS_WORDS.map((_, i) => sum((d) => d.buckets[i]!, durations)),
            positive: sum((d) => d.positive, durations),
            negative: sum((d) => d.negative, durations),
            found: sum((d) => d.found, durations),
            plain: sum((d) => d.plain, durations),
            foundPool: mergePools(
              durations.map((d) => d.foundPool),
              EXAMPLE_POOL,
            ),
            plainPool: mergePools(
              durations.map((d) => d.plainPool),
              EXAMPLE_POOL,
            ),
            newest: mergeNewest(
              durations.map((d) => d.newest),
              FAQ_CITATIONS,
            ),
          },
  };
}

/**
 * Questions a prospective customer asks, each answered only from review evidence. An aspect's answer
 * states its corrected share in words (`aspects[].inWords`: an estimate with its interval, or "not
 * enough opinions yet"); `evidence.positive` / `negative` count the reviews the reader reads as
 * positive / negative about the question's aspect (raw readings, never star ratings), and every
 * "Praise" / "A complaint" quote is a sentence the reader is sure says that aspect with
 * that polarity. A question with fewer than MIN_FAQ_EVIDENCE reviews of evidence is left out.
 * `faq`: the tallies over all reviews (collectFaq, mergeFaq).
 */
export function buildFaq(faq: FaqPartial, aspects: readonly AspectInsight[]): FaqEntry[] {
  const out: FaqEntry[] = [];
  ASPECT_QUESTIONS.forEach((q, i) => {
    const insight = aspects.find((a) => a.id === q.aspect);
    if (!insight) return;
    const entry = aspectAnswer(q, insight, faq.verdicts[i]!, q.aspect === 'warranty' ? warrantyTerms(faq.warranty) : null);
    if (entry) out.push(entry);
  });
  if (faq.duration) {
    const entry = durationAnswer(faq.duration);
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

function aspectAnswer(q: (typeof ASPECT_QUESTIONS)[number], insight: AspectInsight, v: VerdictTally, terms: WarrantyTerms | null): FaqEntry | null {
  const pos = v.positive;
  const neg = v.negative;
  if (pos + neg < MIN_FAQ_EVIDENCE) return null;
  const total = pos + neg + v.neutral;
  // One sure quote each way, never the sentence the warranty terms already quote.
  const first = (pool: readonly PooledQuote[]) => quotesFromPool(pool, 2).filter((x) => x.text !== terms?.example)[0] ?? [];
  const quotes = [first(v.sure.positive), first(v.sure.negative)].flat();
  // Each quote says what it is: the sentence before it may give a share of either side, or none.
  const said = quotes.map((x) => ` ${x.polarity === 'positive' ? PRAISE : COMPLAINT}: "${x.text}"`).join('') + unquoted(quotes, pos, neg);
  return {
    id: q.id,
    question: q.question,
    answer: `${terms?.text ?? ''}${plural(total, 'review')} speak${total === 1 ? 's' : ''} about ${q.topic}. ${insight.inWords}${said}`,
    evidence: { reviewCount: total, positive: pos, negative: neg },
    reviewIds: citations([...(terms?.ids ?? []), ...quotes.map((x) => x.reviewId)], [...(terms?.evidence ?? []), v.newest]),
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

interface WarrantyTerms {
  text: string;
  example: string | null;
  ids: string[];
  /** The newest reviews stating each of the terms listed. */
  evidence: CitedReview[][];
}

/** Per warranty term the reviews state, how many state it, the candidates to quote it by and the newest of them. */
function warrantyTally(analyzed: readonly AnalyzedReview[]): FaqPartial['warranty'] {
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
  return new Map(
    [...byLabel].map(([label, c]) => [
      label,
      {
        count: c.length,
        pool: quotePool(c, EXAMPLE_POOL),
        newest: newestReviews(
          c.map((x) => x.analyzed.review),
          FAQ_CITATIONS,
        ),
      },
    ]),
  );
}

/** What reviews say the warranty terms are ("10-year workmanship warranty (4 reviews)"), with one example. */
function warrantyTerms(tally: FaqPartial['warranty']): WarrantyTerms | null {
  if (tally.size === 0) return null;
  const ranked = [...tally].sort(([la, a], [lb, b]) => b.count - a.count || (la < lb ? -1 : 1)).slice(0, TERMS_LISTED);
  const listed = ranked.map(([label, t]) => `${label} (${t.count} review${t.count > 1 ? 's' : ''})`).join(', ');
  // No example when every review stating them carries a disclosure (quotePool takes none of those).
  const example = quotesFromPool(ranked[0]![1].pool, 1)[0];
  return {
    text: `Warranty terms as customers state them: ${listed}. ${example ? `Terms as written: "${example.text}" ` : ''}`,
    example: example?.text ?? null,
    ids: example ? [example.reviewId] : [],
    evidence: ranked.map(([, t]) => t.newest),
  };
}

const DAYS_WORDS = ['one day', 'two days', 'three days', 'four to seven days', 'more than a week'] as const;

/** The roof replacements `analyzed` that state how long the work took. */
function durationTally(analyzed: readonly AnalyzedReview[]): DurationTally {
  const found: QuoteCandidate[] = [];
  const plain: QuoteCandidate[] = [];
  const buckets = DAYS_WORDS.map(() => 0);
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
  return {
    buckets,
    positive,
    negative,
    found: found.length,
    plain: plain.length,
    foundPool: quotePool(found, EXAMPLE_POOL),
    plainPool: quotePool(plain, EXAMPLE_POOL),
    newest: newestReviews(
      found.map((c) => c.analyzed.review),
      FAQ_CITATIONS,
    ),
  };
}

function durationAnswer(d: DurationTally): FaqEntry | null {
  if (d.found < MIN_FAQ_EVIDENCE) return null;
  const parts = d.buckets.flatMap((n, i) => (n ? [`${n} ${n === 1 ? 'says' : 'say'} ${DAYS_WORDS[i]}`] : []));
  const quotes = quotesFromPool(d.plain ? d.plainPool : d.foundPool, 1);
  return {
    id: 'replacement-duration',
    question: 'How long does a roof replacement take?',
    // No example when every review stating a length carries a disclosure (quotePool takes none of those).
    answer: `${plural(d.found, 'review')} of roof replacements say how long the work took: ${parts.join(', ')}.${quotes[0] ? ` For example: "${quotes[0].text}"` : ''}`,
    evidence: { reviewCount: d.found, positive: d.positive, negative: d.negative },
    reviewIds: citations(
      quotes.map((q) => q.reviewId),
      [d.newest],
    ),
  };
}

/** The quoted reviews' ids, then the newest other reviews of the evidence, FAQ_CITATIONS in all. */
function citations(first: string[], evidence: readonly (readonly CitedReview[])[]): string[] {
  // The newest FAQ_CITATIONS reviews are enough: those quoted are among the first either way.
  const newest = mergeNewest(evidence, FAQ_CITATIONS);
  return [...new Set([...first, ...newest.map((c) => c.id)])].slice(0, FAQ_CITATIONS);
}
