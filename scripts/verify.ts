/**
 * `npm run verify -- --jobs <jobs.csv> [--queue FILE] [--days-before N] [--days-after N] [--today YYYY-MM-DD]`:
 * matches unverified reviews in the content folder (CONTENT_DIR, default content/) to job records.
 * Confident unique matches are verified (job-match); ambiguous ones go to the review queue
 * (default CONTENT_DIR/review-queue.json), where the owner decides; nothing is rejected automatically.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ContentError } from '../core/content/content-error.ts';
import { calendarDateInZone } from '../core/import/calendar-date-in-zone.ts';
import { isCalendarDate } from '../core/schemas/primitives.ts';
import { createCatalogLookup } from '../core/verify/catalog-lookup.ts';
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from '../core/verify/match-reviews.ts';
import { parseJobsCsv } from '../core/verify/parse-jobs-csv.ts';
import { planVerification, type VerificationReport } from '../core/verify/plan-verification.ts';
import { formatReviewQueue, ReviewQueueSchema, type ReviewQueue } from '../core/verify/review-queue-schema.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { readContentFiles, shownPath } from './lib/read-content-files.ts';
import { writeFileAtomic } from './lib/write-file-atomic.ts';

export interface VerifyOptions {
  jobsPath: string;
  contentDir: string;
  queuePath?: string;
  today?: string;
  match?: Partial<MatchOptions>;
}

function readQueue(path: string): ReviewQueue | null {
  if (!existsSync(path)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ContentError([{ file: shownPath(path), message: `not valid JSON: ${(e as Error).message}` }]);
  }
  const parsed = ReviewQueueSchema.safeParse(raw);
  if (!parsed.success)
    throw new ContentError(parsed.error.issues.map((i) => ({ file: shownPath(path), field: i.path.join('.'), message: i.message })));
  return parsed.data;
}

/** Runs one verification pass; writes changed review files and the queue (temp file, then rename). */
export function runVerify(opts: VerifyOptions): { report: VerificationReport; warnings: string[]; written: string[] } {
  const content = readContentFiles(opts.contentDir);
  const business = content.parsed.business;
  const queuePath = opts.queuePath ?? join(opts.contentDir, 'review-queue.json');
  const jobs = parseJobsCsv({ path: shownPath(opts.jobsPath), text: readFileSync(opts.jobsPath, 'utf8') }, createCatalogLookup(business));
  if (jobs.issues.length > 0) throw new ContentError(jobs.issues);
  const plan = planVerification({
    files: content.reviews,
    records: content.parsed.records,
    business,
    jobs: jobs.jobs,
    queue: readQueue(queuePath),
    queuePath: shownPath(queuePath),
    verifiedOn: opts.today ?? calendarDateInZone(new Date().toISOString(), business.timeZone)!,
    options: { ...DEFAULT_MATCH_OPTIONS, ...opts.match },
  });
  if (plan.issues.length > 0) throw new ContentError(plan.issues);
  for (const f of plan.files) writeFileAtomic(resolve(f.path), f.text);
  // Customers' full names: readable by the owner only.
  writeFileAtomic(queuePath, formatReviewQueue(plan.queue), { mode: 0o600 });
  const warnings = jobs.warnings.map((w) => `${w.file}:${w.line} (${w.recordId}) ${w.field}: ${w.message}`);
  return { report: plan.report, warnings, written: [...plan.files.map((f) => f.path), shownPath(queuePath)] };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      jobs: { type: 'string' },
      queue: { type: 'string' },
      today: { type: 'string' },
      'days-before': { type: 'string' },
      'days-after': { type: 'string' },
    },
  });
  const fail = (message: string): never => {
    console.error(message);
    process.exit(2);
  };
  const days = (v: string | undefined, name: string) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 3650) fail(`--${name} must be a whole number of days`);
    return n;
  };
  if (!values.jobs || !existsSync(values.jobs)) {
    console.error('usage: npm run verify -- --jobs <jobs.csv> [--queue FILE] [--days-before 7] [--days-after 60] [--today YYYY-MM-DD]');
    process.exit(2);
  }
  if (values.today !== undefined && !isCalendarDate(values.today)) fail('--today must be a date written YYYY-MM-DD');
  const before = days(values['days-before'], 'days-before');
  const after = days(values['days-after'], 'days-after');
  try {
    const { report, warnings, written } = runVerify({
      jobsPath: values.jobs,
      contentDir: contentDirFromEnv(),
      ...(values.queue && { queuePath: values.queue }),
      ...(values.today && { today: values.today }),
      match: { ...(before !== undefined && { daysBefore: before }), ...(after !== undefined && { daysAfter: after }) },
    });
    for (const w of warnings.slice(0, 20)) console.log(`warning: ${w}`);
    console.log(
      `verified ${report.matched.length} by job match, ${report.decided.length} by your decisions in the queue; ${report.queued.length} to decide in the queue; ${report.unmatched.length} with no candidate job`,
    );
    console.log(`wrote ${written.join(', ')}`);
  } catch (e) {
    console.error(e instanceof ContentError ? e.message : e);
    process.exit(1);
  }
}
