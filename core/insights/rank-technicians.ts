import type { EntityInsight } from '../schemas/insights-schema.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import { createRandom } from '../random/create-random.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { BusinessConfig } from '../schemas/business-schema.ts';
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
 * only through the job record. `listed`: the reviews that list each technician (collectTechnicianReviews).
 */
export function rankTechnicians(
  listed: TechnicianReviews,
  technicians: readonly EntityInsight[],
  prior: number,
): { standout: StandoutTechnician | null; compared: number } {
  const net = (t: EntityInsight) => t.aspects.reduce((sum, a) => sum + a.positive - a.negative, 0);
  const eligible = technicians.filter((t) => t.averageRating !== null && t.mentions >= MIN_TECHNICIAN_REVIEWS && net(t) > 0);
  const reviewsOf = (id: string) => listed[id] ?? [];
  const ratings = eligible.map((t) => reviewsOf(t.id).map((r) => r.rating));
  const random = createRandom(SHARE_RULES.seed);
  const wins = eligible.map(() => 0);
  const needed = SHARE_RULES.leaderSupport * SHARE_RULES.replicates;
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
    // Decided once one has the wins it needs (leaderSupport is over half, so no one else can pass it in the replicates
    // left) or no one can still reach them: the draws left would change nothing that is read below, only cost time
    // (all 400 replicates were 0.11 s of every build at 100k reviews, mostly spent after the outcome was settled).
    const most = Math.max(...wins);
    if ((most >= needed && needed > SHARE_RULES.replicates / 2) || most + (SHARE_RULES.replicates - b - 1) < needed) break;
  }
  const lead = wins.indexOf(Math.max(...wins, 0));
  if (eligible.length < 2 || wins[lead]! < needed) return { standout: null, compared: eligible.length };
  const technician = eligible[lead]!;
  const ids = (named: boolean) =>
    reviewsOf(technician.id)
      .filter((r) => r.named === named)
      .sort(compareReviews)
      .map((r) => r.id);
  return { standout: { technician, inText: ids(true), fromJobs: ids(false) }, compared: eligible.length };
}

/** A review that lists a technician, as the ranking reads it. */
interface ListedReview {
  id: string;
  date: string;
  rating: number;
  /** Whether the text names the technician (else only the job record links them). */
  named: boolean;
}

/** Per catalog technician (by id), the reviews that list them (in the content or the text), in id order. */
export type TechnicianReviews = Record<string, ListedReview[]>;

/**
 * The reviews that list each catalog technician: one pass over the reviews (sorting all 100,000 reviews for a handful
 * of technicians cost a tenth of the aggregation).
 */
export function collectTechnicianReviews(analyzed: readonly AnalyzedReview[], business: BusinessConfig): TechnicianReviews {
  const out = new Map<string, ListedReview[]>(business.technicians.map((t) => [t.id, []]));
  for (const a of analyzed) {
    for (const t of a.review.technicians) {
      const list = out.get(t.id);
      // A technician listed twice on one review counts once.
      if (!list || list.at(-1)?.id === a.review.id) continue;
      list.push({ id: a.review.id, date: a.review.date, rating: a.review.rating, named: a.named.some((n) => n.technicians.includes(t.id)) });
    }
  }
  for (const list of out.values()) list.sort(byId);
  return Object.fromEntries(out);
}

/** The lists of disjoint sets of reviews, as one. */
export function mergeTechnicianReviews(parts: readonly TechnicianReviews[], business: BusinessConfig): TechnicianReviews {
  return Object.fromEntries(business.technicians.map((t) => [t.id, parts.flatMap((p) => p[t.id] ?? []).sort(byId)]));
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
