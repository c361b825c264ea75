import type { z } from 'zod';
import type { AspectInsight, EntityInsight, Quote, SummarySchema } from '../schemas/insights-schema.ts';

type Summary = z.infer<typeof SummarySchema>;
type Fact = Summary['facts'][number];

/** An aspect needs this many mentions before it can be called strongest or weakest. */
export const MIN_ASPECT_MENTIONS = 3;

/** The measured figures the summary is written from. */
export interface SummaryInput {
  reviewCount: number;
  averageRating: number | null;
  ratingOnly: number;
  /** Reviews in another language, which the English lexicons do not read. */
  otherLanguage: number;
  aspects: readonly AspectInsight[];
  technicians: readonly EntityInsight[];
}

/**
 * The editorial summary: a short, neutral paragraph assembled from measured figures, with one
 * quote for and one against. Every number in the text is listed in `facts` (with the review ids
 * behind it where there are some), and complaints are reported alongside praise, never dropped.
 */
export function buildSummary(input: SummaryInput): Summary {
  const facts: Fact[] = [];
  const fact = <T extends number | string>(key: string, value: T, reviewIds: string[] = []): T => {
    facts.push({ key, value, reviewIds });
    return value;
  };
  if (input.reviewCount === 0) {
    fact('reviewCount', 0);
    return { text: 'No verified reviews have been published yet, so there is nothing to summarise.', facts };
  }
  const parts: string[] = [];
  const avg = input.averageRating === null ? '' : ` with an average rating of ${fact('averageRating', input.averageRating)} stars`;
  const ratingOnly = input.ratingOnly ? `; ${fact('ratingOnlyReviews', input.ratingOnly)} of them give a rating without text` : '';
  const other = input.otherLanguage ? `; ${fact('otherLanguageReviews', input.otherLanguage)} are not in English and are not analysed for aspects` : '';
  parts.push(`Based on ${fact('reviewCount', input.reviewCount)} verified reviews${avg}${ratingOnly}${other}.`);

  const rated = input.aspects.filter((a) => a.mentions.total >= MIN_ASPECT_MENTIONS && a.score !== null);
  const best = [...rated].sort((a, b) => b.score! - a.score! || b.mentions.total - a.mentions.total)[0];
  const worst = [...rated].sort((a, b) => a.score! - b.score! || b.mentions.total - a.mentions.total)[0];
  if (best) {
    const p = fact('strongestAspectPositive', best.mentions.positive);
    const t = fact('strongestAspectMentions', best.mentions.total);
    parts.push(`Customers are most positive about ${fact('strongestAspect', best.label)} (${p} of ${t} mentions positive)`);
  }
  if (worst && worst !== best) {
    const n = fact('weakestAspectNegative', worst.mentions.negative);
    const t = fact('weakestAspectMentions', worst.mentions.total);
    parts[parts.length - 1] += ` and least positive about ${fact('weakestAspect', worst.label)} (${n} of ${t} mentions negative).`;
  } else if (best) parts[parts.length - 1] += '.';

  const praised = input.technicians
    .map((t) => ({ t, praise: t.aspects.reduce((sum, a) => sum + a.positive, 0) }))
    .filter((x) => x.praise > 0 && x.t.averageRating !== null)
    .sort((a, b) => b.praise - a.praise || b.t.mentions - a.t.mentions)
    .slice(0, 2);
  if (praised.length) {
    const named = praised.map(({ t }, i) => `${fact(`praisedTechnician${i + 1}`, t.name)} (named in ${fact(`praisedTechnician${i + 1}Reviews`, t.mentions)} reviews, average rating ${fact(`praisedTechnician${i + 1}AverageRating`, t.averageRating!)})`);
    parts.push(`The most praised technician${praised.length > 1 ? 's are' : ' is'} ${named.join(' and ')}.`);
  }

  const complaints = [...input.aspects].filter((a) => a.mentions.negative >= 2).sort((a, b) => b.mentions.negative - a.mentions.negative).slice(0, 2);
  if (complaints.length) {
    const listed = complaints.map((a, i) => `${fact(`complaint${i + 1}`, a.label)} (${fact(`complaint${i + 1}Negative`, a.mentions.negative)} negative mentions)`);
    parts.push(`Recurring complaints concern ${listed.join(' and ')}.`);
  } else parts.push('No aspect draws more than one complaint.');

  const quotes = [best?.quotes.positive[0], worst?.quotes.negative[0] ?? complaints[0]?.quotes.negative[0]].filter((q): q is Quote => q !== undefined);
  for (const q of quotes) {
    fact(q.polarity === 'positive' ? 'quotePositive' : 'quoteNegative', q.text, [q.reviewId]);
    parts.push(`${q.polarity === 'positive' ? 'One customer wrote' : 'A critical review said'}: "${q.text}"`);
  }
  return { text: parts.join(' '), facts };
}
