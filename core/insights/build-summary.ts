import type { z } from 'zod';
import type { AspectId } from '../schemas/business-schema.ts';
import type { AspectInsight, EntityInsight, SummarySchema } from '../schemas/insights-schema.ts';
import { plural } from '../format/format-count.ts';
import { formatRating } from '../format/format-rating.ts';
import { listWords } from '../format/list-words.ts';
import { NONE_QUOTABLE } from './build-faq.ts';
import { intervalWords, shareWords } from './describe-share.ts';
import type { Leader } from './quantify/estimate-shares.ts';

type Summary = z.infer<typeof SummarySchema>;
type Fact = Summary['facts'][number];

/** Reviews cited per fact (newest first); a fact about every review cites a sample, not thousands of ids. */
export const FACT_CITATIONS = 20;

/** Review ids behind the figures, newest first (see summary-evidence.ts). */
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

/** A technician who stands out in the ratings, and where the reviews that name them come from. */
export interface StandoutTechnician {
  technician: EntityInsight;
  /** Reviews whose text names the technician (ids, newest first)… */
  inText: readonly string[];
  /** …and reviews that name them only through the job record they were matched to. */
  fromJobs: readonly string[];
}

/** The measured figures the summary is written from. */
export interface SummaryInput {
  reviewCount: number;
  averageRating: number | null;
  ratingOnly: number;
  /** Reviews in another language, which the English lexicons do not read. */
  otherLanguage: number;
  aspects: readonly AspectInsight[];
  /** Which aspect is worst and which best across the bootstrap replicates (indices into `aspects`). */
  worst: Leader;
  best: Leader;
  /** The technician who leads the ratings in most replicates (null: none stands out), and whether there were several to compare. */
  standout: StandoutTechnician | null;
  comparedTechnicians: number;
  evidence: SummaryEvidence;
}

/**
 * The editorial summary: a short, neutral paragraph written from measured figures. The most praised
 * aspect and the top complaint are named only when the evidence names them (they lead in at least
 * 80% of the bootstrap replicates); otherwise it says there is no clear one and names the close ones.
 * Every number in the text is listed in `facts` with the reviews it counts (up to FACT_CITATIONS),
 * complaints are reported alongside praise, and quotes are sure readings only.
 */
export function buildSummary(input: SummaryInput): Summary {
  const facts: Fact[] = [];
  const cite = (ids: readonly string[] = []) => ids.slice(0, FACT_CITATIONS);
  const fact = <T extends number | string | null>(key: string, value: T, reviewIds: readonly string[] = []): T => {
    facts.push({ key, value, reviewIds: cite(reviewIds) });
    return value;
  };
  if (input.reviewCount === 0) {
    fact('reviewCount', 0);
    return { text: 'No verified reviews have been published yet, so there is nothing to summarise.', facts };
  }
  const ev = input.evidence;
  const parts: string[] = [opening(input, fact)];
  const ids = (a: AspectInsight) => ev.aspects.get(a.id) ?? { positive: [], negative: [], any: [] };

  const best = input.best.index === null ? null : input.aspects[input.best.index]!;
  const worst = input.worst.index === null ? null : input.aspects[input.worst.index]!;
  const measured = input.aspects.filter((a) => a.negativeShare);
  // With one measured aspect there is nothing to rank it against: it is neither "most praised" nor "top complaint".
  const anyShare = measured.length > 1;
  fact('mostPraised', best?.id ?? null, best ? ids(best).positive : []);
  fact('topComplaint', worst?.id ?? null, worst ? ids(worst).negative : []);
  if (measured.length === 0) parts.push('There are not yet enough opinions on any aspect to say what customers praise or criticize most.');
  if (measured.length === 1)
    parts.push(
      // The label may be plural ("insurance claims"): the sentence's verb agrees with "one aspect", never with it.
      `Only one aspect has enough opinions for a share yet (${measured[0]!.label.toLowerCase()}), so none can be named as the most praised or the top complaint.`,
    );
  // The same aspects close both ways (two measured aspects, neither clearly ahead): one sentence, not two that mirror.
  const bothClose = !best && !worst && anyShare ? sameClose(input.best, input.worst, input.aspects) : null;
  if (bothClose) parts.push(`Opinions on ${listWords(bothClose)} are too close to name a most praised aspect or a top complaint.`);
  if (best) {
    const s = best.negativeShare!;
    const positive = { estimate: 1 - s.estimate, low: 1 - s.high, high: 1 - s.low };
    fact('mostPraisedOpinions', best.opinions.estimate, ids(best).any);
    parts.push(
      `Customers are most positive about ${best.label.toLowerCase()}: ${fact('mostPraisedInWords', shareWords(positive.estimate, positive))} of ${plural(best.opinions.estimate, 'opinion')} on it are positive (${fact('mostPraisedPositiveInterval', intervalWords(positive))}).`,
    );
  } else if (anyShare && !bothClose) parts.push(noClear('most praised aspect', input.best, input.aspects, 'positive'));
  if (worst) {
    const s = worst.negativeShare!;
    fact('topComplaintOpinions', worst.opinions.estimate, ids(worst).any);
    parts.push(
      `The top complaint is ${worst.label.toLowerCase()}: ${fact('topComplaintInWords', shareWords(s.estimate, s))} of ${plural(worst.opinions.estimate, 'opinion')} on it are negative (${fact('topComplaintNegativeInterval', intervalWords(s))}).`,
    );
  } else if (anyShare && !bothClose) parts.push(noClear('top complaint', input.worst, input.aspects, 'negative'));
  // The ranking above is among aspects with a share: one customers do speak of, with too few opinions for a share, was
  // not in it, and "no clear top complaint" must not read as if it had been found fine.
  const unranked = input.aspects.filter((a) => !a.negativeShare && a.opinions.estimate > 0).map((a) => a.label.toLowerCase());
  if (measured.length > 0 && unranked.length > 0) parts.push(`Too few opinions yet to compare: ${listWords(unranked)}.`);

  const t = input.standout;
  fact('standoutTechnician', t?.technician.id ?? null, t ? (ev.technicians.get(t.technician.id) ?? []) : []);
  if (t) {
    const reviews = ev.technicians.get(t.technician.id) ?? [];
    const n = fact('standoutTechnicianReviews', t.technician.mentions, reviews);
    const inText = fact('standoutTechnicianNamedInText', t.inText.length, t.inText);
    const fromJobs = fact('standoutTechnicianFromJobRecords', t.fromJobs.length, t.fromJobs);
    // "Named" only for the reviews whose text names them: the rest are linked by the job the review was matched to.
    const where =
      fromJobs === 0
        ? `named in ${plural(n, 'review')}`
        : inText === 0
          ? `linked to ${plural(n, 'review')} through the job record (none names them in the text)`
          : `named in ${plural(inText, 'review')} and linked to ${fromJobs} more through the job record`;
    const average = fact('standoutTechnicianAverageRating', t.technician.averageRating!, reviews);
    parts.push(
      `${t.technician.name} stands out among the technicians: ${where}, with an average rating of ${fact('standoutTechnicianAverageRatingInWords', formatRating(average), reviews)} stars${inText > 0 && fromJobs > 0 ? ` across those ${n}` : ''}.`,
    );
  } else if (input.comparedTechnicians > 1) parts.push('No single technician stands out in the ratings.');

  // One sure quote each way: from the most praised aspect and the top complaint, else from the aspect
  // with the best (worst) share that has one.
  const byShare = rankedBy(
    input.aspects.filter((a) => a.negativeShare),
    (a) => a.negativeShare!.estimate,
  );
  const praised = [best, ...byShare].find((a) => a?.quotes.positive.length);
  const criticised = [worst, ...byShare.reverse()].find((a) => a?.quotes.negative.length);
  for (const [aspect, q, key, says] of [
    [praised, praised?.quotes.positive[0], 'quotePositive', 'one customer wrote'],
    [criticised, criticised?.quotes.negative[0], 'quoteNegative', 'a critical review said'],
  ] as const) {
    if (!aspect || !q) continue;
    fact(key, q.text, [q.reviewId]);
    fact(`${key}Aspect`, aspect.id, [q.reviewId]);
    parts.push(`On ${aspect.label.toLowerCase()}, ${says}: "${q.text}"`);
  }
  // Praise quoted and no complaint, while the figures hold complaints: a complaint must be surer to be quoted, and the
  // summary must not read as if none were made (it quoted praise right after naming a top complaint).
  const complaints = input.aspects.some((a) => a.opinions.negative > 0);
  if (praised && !criticised && complaints) parts.push(`No complaint is quoted: ${NONE_QUOTABLE}`);
  return { text: parts.join(' '), facts };
}

/** Aspects ordered by a key, ascending (ties by id). */
function rankedBy(aspects: readonly AspectInsight[], key: (a: AspectInsight) => number): AspectInsight[] {
  return [...aspects].sort((a, b) => key(a) - key(b) || (a.id < b.id ? -1 : 1));
}

/** The first sentence: how many reviews, the average, and which are not read for aspects. */
function opening(input: SummaryInput, fact: <T extends number | string | null>(key: string, value: T, ids?: readonly string[]) => T): string {
  const ev = input.evidence;
  const avg =
    input.averageRating === null
      ? ''
      : ` with an average rating of ${fact('averageRatingInWords', formatRating(fact('averageRating', input.averageRating, ev.all)), ev.all)} stars`;
  const notes: string[] = [];
  if (input.ratingOnly) {
    const n = fact('ratingOnlyReviews', input.ratingOnly, ev.ratingOnly);
    notes.push(`${n} of them ${n === 1 ? 'gives' : 'give'} a rating without text`);
  }
  if (input.otherLanguage) {
    const n = fact('otherLanguageReviews', input.otherLanguage, ev.otherLanguage);
    notes.push(`${n} ${n === 1 ? 'is' : 'are'} not in English and ${n === 1 ? 'is' : 'are'} not read for aspects`);
  }
  const n = fact('reviewCount', input.reviewCount, ev.all);
  return `Based on ${plural(n, 'verified review')}${avg}${notes.length ? `; ${notes.join('; ')}` : ''}.`;
}

/** The aspects that lead in at least a tenth of the replicates (at most three), as they read in a sentence. */
function closeOnes(leader: Leader, aspects: readonly AspectInsight[]): string[] {
  return leader.support
    .filter((s) => s.share >= CLOSE_SUPPORT)
    .slice(0, MAX_CLOSE)
    .map((s) => aspects[s.index]!.label.toLowerCase());
}
/** An aspect is "close" when it leads in at least this share of the replicates… */
const CLOSE_SUPPORT = 0.1;
/** …and at most this many are named. */
const MAX_CLOSE = 3;

/** The close ones when they are the same two or more aspects for the most praised and the top complaint, else null. */
function sameClose(best: Leader, worst: Leader, aspects: readonly AspectInsight[]): string[] | null {
  if (best.tooFew !== null || worst.tooFew !== null) return null;
  const praised = closeOnes(best, aspects);
  const criticized = closeOnes(worst, aspects);
  const same = praised.length >= 2 && praised.length === criticized.length && praised.every((a) => criticized.includes(a));
  return same ? [...praised].sort() : null;
}

/** "There is no clear top complaint: cleanup, warranty and communication are close." (labels may be plural: no verb agrees with one) */
function noClear(what: string, leader: Leader, aspects: readonly AspectInsight[], side: 'negative' | 'positive'): string {
  if (leader.tooFew !== null)
    return `There is no clear ${what}: the lead, ${aspects[leader.tooFew]!.label.toLowerCase()}, rests on too few ${side} opinions to name it.`;
  const close = closeOnes(leader, aspects);
  if (close.length >= 2) return `There is no clear ${what}: ${listWords(close)} are close.`;
  if (close.length === 1) return `There is no clear ${what}: the lead, ${close[0]}, is not far enough ahead to be sure.`;
  return `There is no clear ${what}: no aspect stands out.`;
}
