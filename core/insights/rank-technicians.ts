import type { EntityInsight } from '../schemas/insights-schema.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import { createRandom } from '../random/create-random.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { StandoutTechnician } from './build-summary.ts';
import { SHARE_RULES } from './quantify/share-rules.ts';

/** A technician is compared only when named in at least this many reviews… */
const MIN_TECHNICIAN_REVIEWS = 3;
/** …and averages are shrunk towards the business average by this many reviews' weight (a 5.0 over 3 reviews is no proof). */
const PRIOR_WEIGHT = 5;

/**
 * The technician who stands out in the ratings, by evidence rather than raw counts: among those named
 * in MIN_TECHNICIAN_REVIEWS reviews or more and praised more than criticised, the one whose shrunk
 * average rating is highest in at least SHARE_RULES.leaderSupport of seeded bootstrap replicates of
 * their reviews — else none. Also says how many of their reviews name them in the text and how many
 * only through the job record.
 */
export function rankTechnicians(
  analyzed: readonly AnalyzedReview[],
  technicians: readonly EntityInsight[],
  prior: number,
): { standout: StandoutTechnician | null; compared: number } {
  const net = (t: EntityInsight) => t.aspects.reduce((sum, a) => sum + a.positive - a.negative, 0);
  const eligible = technicians.filter((t) => t.averageRating !== null && t.mentions >= MIN_TECHNICIAN_REVIEWS && net(t) > 0);
  const byTechnician = reviewsByTechnician(analyzed, eligible);
  const reviewsOf = (id: string) => byTechnician.get(id)!;
  const ratings = eligible.map((t) => reviewsOf(t.id).map((a) => a.review.rating));
  const random = createRandom(SHARE_RULES.seed);
  const wins = eligible.map(() => 0);
  for (let b = 0; b < SHARE_RULES.replicates && eligible.length > 1; b++) {
    let best = -1;
    let bestMean = -Infinity;
    const raw = ratings.map((rs) => {
      let sum = 0;
      for (let k = 0; k < rs.length; k++) sum += rs[Math.floor(random() * rs.length)]!;
      return sum / rs.length;
    });
    raw.forEach((mean, i) => {
      const shrunk = (mean * ratings[i]!.length + prior * PRIOR_WEIGHT) / (ratings[i]!.length + PRIOR_WEIGHT);
      if (shrunk > bestMean) [best, bestMean] = [i, shrunk];
    });
    // A replicate in which another averages exactly as much is won by neither: shrinking would otherwise give it to
    // the one with more reviews (two technicians with only 5-star reviews never stand out, whatever their counts).
    if (raw.every((mean, i) => i === best || mean !== raw[best])) wins[best]!++;
  }
  const lead = wins.indexOf(Math.max(...wins, 0));
  if (eligible.length < 2 || wins[lead]! < SHARE_RULES.leaderSupport * SHARE_RULES.replicates) return { standout: null, compared: eligible.length };
  const technician = eligible[lead]!;
  const reviews = reviewsOf(technician.id).map((a) => ({ ...a.review, named: a.named.some((n) => n.technicians.includes(technician.id)) }));
  const ids = (named: boolean) =>
    reviews
      .filter((r) => r.named === named)
      .sort(compareReviews)
      .map((r) => r.id);
  return { standout: { technician, inText: ids(true), fromJobs: ids(false) }, compared: eligible.length };
}

/**
 * The reviews that name each of `technicians` (in the content or the text), by review id: one pass over the reviews,
 * and only theirs sorted (sorting all 100,000 reviews for a handful of technicians cost a tenth of the aggregation).
 */
function reviewsByTechnician(analyzed: readonly AnalyzedReview[], technicians: readonly EntityInsight[]): Map<string, AnalyzedReview[]> {
  const out = new Map<string, AnalyzedReview[]>(technicians.map((t) => [t.id, []]));
  for (const a of analyzed) {
    for (const t of a.review.technicians) {
      const list = out.get(t.id);
      if (list && list.at(-1) !== a) list.push(a); // a technician listed twice on one review counts once
    }
  }
  for (const list of out.values()) list.sort((a, b) => (a.review.id < b.review.id ? -1 : 1));
  return out;
}
