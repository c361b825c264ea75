import type { CatalogLookup } from './catalog-lookup.ts';
import { dayNumber, type JobIndex } from './job-index.ts';
import type { Job } from './job-schema.ts';
import { compareNames } from './name-match.ts';
import { parsePersonName } from './person-name.ts';

export interface MatchOptions {
  /** A review may be dated this many days before the job's completion (written while the crew was still there). */
  daysBefore: number;
  /** …and this many days after it. */
  daysAfter: number;
  /** Least score a match needs to be taken without asking (a first name and a fitting last initial score 5). */
  minScore: number;
  /** How far the best job must lead the next one to be taken without asking. */
  margin: number;
}
export const DEFAULT_MATCH_OPTIONS: MatchOptions = { daysBefore: 7, daysAfter: 60, minScore: 4, margin: 2 };

/** The fields of an unverified review the matcher reads. */
export interface ReviewToMatch {
  id: string;
  author: string;
  date: string;
  text: string;
  serviceArea?: string | undefined;
}

export interface Candidate {
  job: Job;
  score: number;
  why: string[];
}

export type MatchOutcome =
  | { reviewId: string; kind: 'match'; job: Job; score: number; why: string[] }
  | { reviewId: string; kind: 'ambiguous'; candidates: Candidate[] }
  | { reviewId: string; kind: 'none' };

/**
 * Matches one review to the jobs it could be about. Pure and independent of job order and job ids:
 * candidates are scored one by one and the decision looks only at the scores, so reordering or renaming
 * jobs never changes a confident match. A match is confident when the best job scores at least
 * `minScore` and leads the next by `margin`; any other candidate list is returned for the owner to decide.
 */
export function matchReview(
  review: ReviewToMatch,
  index: JobIndex,
  catalog: CatalogLookup,
  options: MatchOptions = DEFAULT_MATCH_OPTIONS,
): MatchOutcome {
  const reviewer = parsePersonName(review.author);
  if (!reviewer) return { reviewId: review.id, kind: 'none' };
  const day = dayNumber(review.date);
  const towns = review.serviceArea ? [review.serviceArea] : catalog.areasIn(review.text);
  const techs = catalog.techniciansIn(review.text);
  const services = catalog.servicesIn(review.text);
  const candidates: Candidate[] = [];
  for (const entry of index.candidates(reviewer)) {
    const after = day - entry.day;
    if (after < -options.daysBefore || after > options.daysAfter) continue;
    const fit = compareNames(reviewer, entry.name);
    if (!fit) continue;
    candidates.push(scoreCandidate(entry.job, fit, after, { towns, techs, services }));
  }
  candidates.sort(
    (a, b) =>
      b.score - a.score || (a.job.completedOn < b.job.completedOn ? -1 : a.job.completedOn > b.job.completedOn ? 1 : a.job.id < b.job.id ? -1 : 1),
  );
  const [best, next] = candidates;
  if (!best) return { reviewId: review.id, kind: 'none' };
  if (best.score >= options.minScore && (!next || best.score - next.score >= options.margin)) {
    return { reviewId: review.id, kind: 'match', job: best.job, score: best.score, why: best.why };
  }
  return { reviewId: review.id, kind: 'ambiguous', candidates };
}

function scoreCandidate(
  job: Job,
  fit: { score: number; why: string[] },
  after: number,
  named: { towns: string[]; techs: string[]; services: string[] },
): Candidate {
  let score = fit.score;
  const why = [...fit.why, after >= 0 ? `written ${after} day(s) after the job` : `written ${-after} day(s) before the job was completed`];
  if (after >= 0 && after <= 14) score += 0.5;
  const add = (points: number, reason: string) => {
    score += points;
    why.push(reason);
  };
  if (job.serviceArea && named.towns.length > 0) {
    if (named.towns.includes(job.serviceArea)) add(1, `same town (${job.serviceArea})`);
    else add(-1, `review names ${named.towns.join(', ')}, the job was in ${job.serviceArea}`);
  }
  for (const t of named.techs) {
    if (job.technicians.includes(t)) add(1.5, `names ${t}, who worked the job`);
    else add(-1, `names ${t}, who was not on this job`);
  }
  const shared = named.services.filter((s) => job.services.includes(s));
  if (shared.length > 0) add(Math.min(1, 0.5 * shared.length), `mentions ${shared.join(', ')}`);
  return { job, score, why };
}
