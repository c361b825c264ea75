import type { z } from 'zod';
import type { AspectId } from '../schemas/business-schema.ts';
import type { AspectInsight, EntityInsight, Quote, SummarySchema } from '../schemas/insights-schema.ts';

type Summary = z.infer<typeof SummarySchema>;
type Fact = Summary['facts'][number];

/** An aspect needs this many mentions before it can be called strongest or weakest. */
export const MIN_ASPECT_MENTIONS = 3;
/** A complaint is "recurring" from this many negative mentions; ranked by negative share, not raw count. */
export const MIN_COMPLAINTS = 2;
/** A technician is ranked as praised only when named in at least this many reviews. */
export const MIN_TECHNICIAN_REVIEWS = 3;
/** Reviews cited per fact (newest first); a fact about every review cites a sample, not thousands of ids. */
export const FACT_CITATIONS = 20;

/** Review ids behind the figures, newest first (see build-insights.ts). */
export interface SummaryEvidence {
  /** Every review counted in `reviewCount`. */
  all: readonly string[];
  ratingOnly: readonly string[];
  otherLanguage: readonly string[];
  /** Per aspect: reviews with a positive / negative / any mention of it. */
  aspects: ReadonlyMap<AspectId, { positive: readonly string[]; negative: readonly string[]; any: readonly string[] }>;
  /** Per technician id: the reviews that name them. */
  technicians: ReadonlyMap<string, readonly string[]>;
}

/** The measured figures the summary is written from. */
export interface SummaryInput {
  reviewCount: number;
  averageRating: number | null;
  ratingOnly: number;
  /** Reviews in another language, which the English lexicons do not read. */
  otherLanguage: number;
  aspects: readonly AspectInsight[];
  technicians: readonly EntityInsight[];
  evidence: SummaryEvidence;
}

/**
 * The editorial summary: a short, neutral paragraph assembled from measured figures, with one
 * quote for and one against. Every number in the text is listed in `facts` with the reviews it
 * counts (up to FACT_CITATIONS of them), and complaints are reported alongside praise, never dropped.
 */
export function buildSummary(input: SummaryInput): Summary {
  const facts: Fact[] = [];
  const cite = (ids: readonly string[] = []) => ids.slice(0, FACT_CITATIONS);
  const fact = <T extends number | string>(key: string, value: T, reviewIds: readonly string[] = []): T => {
    facts.push({ key, value, reviewIds: cite(reviewIds) });
    return value;
  };
  if (input.reviewCount === 0) {
    fact('reviewCount', 0);
    return { text: 'No verified reviews have been published yet, so there is nothing to summarise.', facts };
  }
  const ev = input.evidence;
  const parts: string[] = [];
  const avg = input.averageRating === null ? '' : ` with an average rating of ${fact('averageRating', input.averageRating, ev.all)} stars`;
  const ratingOnly = input.ratingOnly ? `; ${fact('ratingOnlyReviews', input.ratingOnly, ev.ratingOnly)} of them give a rating without text` : '';
  const other = input.otherLanguage
    ? `; ${fact('otherLanguageReviews', input.otherLanguage, ev.otherLanguage)} are not in English and are not analysed for aspects`
    : '';
  parts.push(`Based on ${fact('reviewCount', input.reviewCount, ev.all)} verified reviews${avg}${ratingOnly}${other}.`);

  const ids = (a: AspectInsight) => ev.aspects.get(a.id) ?? { positive: [], negative: [], any: [] };
  const rated = input.aspects.filter((a) => a.mentions.total >= MIN_ASPECT_MENTIONS && a.score !== null);
  const best = [...rated].sort((a, b) => b.score! - a.score! || b.mentions.total - a.mentions.total)[0];
  const worst = [...rated].sort((a, b) => a.score! - b.score! || b.mentions.total - a.mentions.total)[0];
  if (best) {
    const p = fact('strongestAspectPositive', best.mentions.positive, ids(best).positive);
    const t = fact('strongestAspectMentions', best.mentions.total, ids(best).any);
    parts.push(`Customers are most positive about ${fact('strongestAspect', best.label)} (${p} of ${t} mentions positive)`);
  }
  if (worst && worst !== best) {
    const n = fact('weakestAspectNegative', worst.mentions.negative, ids(worst).negative);
    const t = fact('weakestAspectMentions', worst.mentions.total, ids(worst).any);
    parts[parts.length - 1] += ` and least positive about ${fact('weakestAspect', worst.label)} (${n} of ${t} mentions negative).`;
  } else if (best) parts[parts.length - 1] += '.';

  const praised = praisedTechnicians(input.technicians, input.averageRating ?? 0);
  if (praised.length) {
    const named = praised.map((t, i) => {
      const reviews = ev.technicians.get(t.id) ?? [];
      return `${fact(`praisedTechnician${i + 1}`, t.name)} (named in ${fact(`praisedTechnician${i + 1}Reviews`, t.mentions, reviews)} reviews, average rating ${fact(`praisedTechnician${i + 1}AverageRating`, t.averageRating!, reviews)})`;
    });
    parts.push(`The most praised technician${praised.length > 1 ? 's are' : ' is'} ${named.join(' and ')}.`);
  }

  const complaints = topComplaints(input.aspects);
  if (complaints.length) {
    const listed = complaints.map(
      (a, i) =>
        `${fact(`complaint${i + 1}`, a.label)} (${fact(`complaint${i + 1}Negative`, a.mentions.negative, ids(a).negative)} of ${fact(`complaint${i + 1}Mentions`, a.mentions.total, ids(a).any)} mentions negative)`,
    );
    parts.push(`Recurring complaints concern ${listed.join(' and ')}.`);
  } else parts.push(`No aspect draws more than ${MIN_COMPLAINTS - 1} complaints.`);

  const quotes = [best?.quotes.positive[0], worst?.quotes.negative[0] ?? complaints[0]?.quotes.negative[0]].filter(
    (q): q is Quote => q !== undefined,
  );
  for (const q of quotes) {
    fact(q.polarity === 'positive' ? 'quotePositive' : 'quoteNegative', q.text, [q.reviewId]);
    parts.push(`${q.polarity === 'positive' ? 'One customer wrote' : 'A critical review said'}: "${q.text}"`);
  }
  return { text: parts.join(' '), facts };
}

/**
 * The two aspects most complained about relative to how often they come up (negative share),
 * among those with at least MIN_COMPLAINTS negative mentions: a much-discussed aspect with many
 * praises is not the "top complaint" just because its raw count is larger.
 */
export function topComplaints(aspects: readonly AspectInsight[]): AspectInsight[] {
  const share = (a: AspectInsight) => a.mentions.negative / a.mentions.total;
  return aspects
    .filter((a) => a.mentions.negative >= MIN_COMPLAINTS)
    .sort((a, b) => share(b) - share(a) || b.mentions.negative - a.mentions.negative)
    .slice(0, 2);
}

/**
 * The two technicians with the highest smoothed average rating (shrunk towards the business
 * average by five reviews' weight), among those named in MIN_TECHNICIAN_REVIEWS reviews or more
 * and praised more than criticised: a 4.92 average over 26 reviews ranks above a 4.60 over 30.
 */
export function praisedTechnicians(technicians: readonly EntityInsight[], prior: number): EntityInsight[] {
  const PRIOR_WEIGHT = 5;
  const smoothed = (t: EntityInsight) => (t.averageRating! * t.mentions + prior * PRIOR_WEIGHT) / (t.mentions + PRIOR_WEIGHT);
  const net = (t: EntityInsight) => t.aspects.reduce((sum, a) => sum + a.positive - a.negative, 0);
  return technicians
    .filter((t) => t.averageRating !== null && t.mentions >= MIN_TECHNICIAN_REVIEWS && net(t) > 0)
    .sort((a, b) => smoothed(b) - smoothed(a) || b.mentions - a.mentions || (a.id < b.id ? -1 : 1))
    .slice(0, 2);
}
