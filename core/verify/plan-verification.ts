import type { ContentIssue } from '../content/content-error.ts';
import type { ContentFile, LocatedRecord } from '../content/parse-content.ts';
import type { BusinessConfig } from '../schemas/business-schema.ts';
import { ReviewRecordSchema } from '../schemas/review-schema.ts';
import { createCatalogLookup } from './catalog-lookup.ts';
import { JobIndex } from './job-index.ts';
import type { Job } from './job-schema.ts';
import { DEFAULT_MATCH_OPTIONS, matchReview, type Candidate, type MatchOptions } from './match-reviews.ts';
import { RecordLines } from '../content/record-lines.ts';
import { QUEUE_ABOUT, type QueueItem, type ReviewQueue } from './review-queue-schema.ts';

export interface VerificationReport {
  matched: { reviewId: string; jobId: string; why: string[] }[];
  /** Matched because the owner decided so in the queue. */
  decided: { reviewId: string; jobId: string }[];
  queued: string[];
  unmatched: string[];
}

export interface VerificationPlan {
  files: ContentFile[];
  queue: ReviewQueue;
  report: VerificationReport;
  issues: ContentIssue[];
}

export interface VerificationInput {
  files: readonly ContentFile[];
  records: readonly LocatedRecord[];
  business: BusinessConfig;
  jobs: readonly Job[];
  /** The queue as the owner left it (decisions are applied first), or null. */
  queue: ReviewQueue | null;
  queuePath: string;
  /** Today: the `verifiedOn` of every review verified by this run. */
  verifiedOn: string;
  options?: MatchOptions;
}

const toCandidate = (c: Candidate) => ({
  jobId: c.job.id,
  customer: c.job.customer,
  ...(c.job.town && { town: c.job.town }),
  completedOn: c.job.completedOn,
  technicians: c.job.technicians,
  services: c.job.services,
  score: c.score,
  why: c.why,
});

/**
 * Verifies unverified reviews against job records. A confident, unique match (or the owner's decision in
 * the queue) sets `verification` to job-match with the job as reference and fills technicians, services
 * and service area from the job where the review has none. Everything else is left unverified: ambiguous
 * reviews go to the queue with their candidates; nothing is ever rejected here. Pure.
 */
export function planVerification(input: VerificationInput): VerificationPlan {
  const catalog = createCatalogLookup(input.business);
  const index = new JobIndex(input.jobs);
  const jobsById = new Map(input.jobs.map((j) => [j.id, j]));
  const decisions = new Map((input.queue?.reviews ?? []).map((item) => [item.reviewId, item]));
  const lines = new RecordLines(input.files);
  const report: VerificationReport = { matched: [], decided: [], queued: [], unmatched: [] };
  const queue: QueueItem[] = [];
  const issues: ContentIssue[] = [];
  for (const { record } of input.records) {
    if (record.verification.status !== 'unverified') continue;
    const item = decisions.get(record.id);
    const base = {
      reviewId: record.id,
      author: record.author,
      date: record.date,
      rating: record.rating,
      text: record.text.slice(0, 400),
      where: lines.where(record.id),
    };
    if (item?.decision && item.decision !== 'none') {
      const job = jobsById.get(item.decision);
      if (!job) issues.push({ file: input.queuePath, recordId: record.id, field: 'decision', message: `no job "${item.decision}" in the jobs file` });
      else if (verify(lines, record.id, job, input.verifiedOn, issues)) report.decided.push({ reviewId: record.id, jobId: job.id });
      continue;
    }
    if (item?.decision === 'none') {
      queue.push({ ...base, decision: 'none', candidates: item.candidates });
      continue;
    }
    const outcome = matchReview({ ...record, serviceArea: record.serviceArea }, index, catalog, input.options ?? DEFAULT_MATCH_OPTIONS);
    if (outcome.kind === 'match') {
      if (verify(lines, record.id, outcome.job, input.verifiedOn, issues))
        report.matched.push({ reviewId: record.id, jobId: outcome.job.id, why: outcome.why });
    } else if (outcome.kind === 'ambiguous') {
      queue.push({ ...base, decision: null, candidates: outcome.candidates.slice(0, 5).map(toCandidate) });
      report.queued.push(record.id);
    } else report.unmatched.push(record.id);
  }
  return { files: lines.changedFiles(), queue: { about: QUEUE_ABOUT, reviews: queue }, report, issues };
}

/**
 * Marks one review verified by `job`. Job technicians, services and towns are catalog ids already
 * (parseJobsCsv resolved them), so the record stays valid; it is checked anyway, and a failure is an issue.
 */
function verify(lines: RecordLines, id: string, job: Job, verifiedOn: string, issues: ContentIssue[]): boolean {
  const raw = lines.get(id)!;
  const next: Record<string, unknown> = { ...raw, verification: { status: 'verified', method: 'job-match', verifiedOn, reference: job.id } };
  if (raw.technicians === undefined && job.technicians.length > 0) next.technicians = job.technicians;
  if (raw.services === undefined && job.services.length > 0) next.services = job.services;
  if (raw.serviceArea === undefined && job.serviceArea) next.serviceArea = job.serviceArea;
  const check = ReviewRecordSchema.safeParse(next);
  if (!check.success) {
    const at = lines.location(id)!;
    for (const i of check.error.issues) issues.push({ ...at, recordId: id, field: i.path.join('.'), message: i.message });
    return false;
  }
  lines.set(id, next);
  return true;
}
