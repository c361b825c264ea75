/**
 * `npm run verify -- --jobs <jobs.csv> [--queue FILE] [--days-before N] [--days-after N] [--today YYYY-MM-DD]`:
 * matches unverified reviews in the content folder (CONTENT_DIR, default content/) to job records.
 * Confident unique matches are verified (job-match); ambiguous ones go to the review queue
 * (default CONTENT_DIR/review-queue.json), where the owner decides; nothing is rejected automatically.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ContentError, formatContentIssue } from '../core/content/content-error.ts';
import { parseContent } from '../core/content/parse-content.ts';
import { delimiterName, type CsvDelimiter } from '../core/csv/parse-csv.ts';
import type { BusinessConfig } from '../core/schemas/business-schema.ts';
import { isKnownEncoding } from '../core/text/decode-text.ts';
import { escapeControl } from '../core/text/escape-control.ts';
import { parseJsonStrict } from '../core/text/parse-json-strict.ts';
import { planRecheck, type RecheckChange } from '../core/verify/plan-recheck.ts';
import { calendarDateInZone } from '../core/import/calendar-date-in-zone.ts';
import { createCatalogLookup } from '../core/verify/catalog-lookup.ts';
import { DEFAULT_MATCH_OPTIONS, type MatchOptions } from '../core/verify/match-reviews.ts';
import { parseJobsCsv, type ParsedJobs } from '../core/verify/parse-jobs-csv.ts';
import { planVerification, type VerificationReport } from '../core/verify/plan-verification.ts';
import { formatReviewQueue, ReviewQueueSchema, type ReviewQueue } from '../core/verify/review-queue-schema.ts';
import { contentDirFromEnv, readContentFiles, shownPath } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { readSourceFiles } from './lib/read-source-files.ts';
import { writeFileAtomic } from './lib/write-file-atomic.ts';
import { defineCommand, runMain } from './lib/cli.ts';
import { withContentLock } from './lib/content-lock.ts';
import { createProgress } from './lib/progress.ts';
import { userPath } from './lib/user-path.ts';

export interface VerifyOptions {
  jobsPath: string;
  contentDir: string;
  queuePath?: string;
  today?: string;
  match?: Partial<MatchOptions>;
  /** The encoding of the jobs file when it is not UTF-8. */
  encoding?: string;
  /** Also bring reviews verified by a job match up to date with their job (planRecheck). */
  recheck?: boolean;
}

/** What a recheck changed, one line each, and the reviews whose job is gone. */
export interface RecheckReport {
  changes: RecheckChange[];
  missingJobs: { reviewId: string; jobId: string }[];
}

/** Reads and parses the jobs file (size-bounded, decoded strictly unless an encoding is named). */
function readJobs(opts: VerifyOptions, business: BusinessConfig): ParsedJobs {
  // One file: a folder given instead was read whole and its first file taken (an empty one crashed on undefined).
  if (statSync(opts.jobsPath).isDirectory())
    throw new ContentError([{ file: shownPath(opts.jobsPath), message: 'a folder: give --jobs the jobs CSV file itself' }]);
  const [file] = readSourceFiles(opts.jobsPath, () => true, shownPath, { ...(opts.encoding && { encoding: opts.encoding }) });
  const jobs = parseJobsCsv(file!, createCatalogLookup(business), business.locale);
  if (jobs.issues.length > 0) throw new ContentError(jobs.issues);
  return jobs;
}

function readQueue(path: string): ReviewQueue | null {
  if (!existsSync(path)) return null;
  const json = parseJsonStrict(readFileSync(path, 'utf8'));
  if (!json.ok) throw new ContentError([{ file: shownPath(path), ...(json.line !== undefined && { line: json.line }), message: json.message }]);
  const raw = json.value;
  const parsed = ReviewQueueSchema.safeParse(raw);
  if (!parsed.success)
    throw new ContentError(parsed.error.issues.map((i) => ({ file: shownPath(path), field: i.path.join('.'), message: i.message })));
  return parsed.data;
}

/**
 * Runs one verification pass; writes changed review files and the queue (temp file, then rename). With
 * `recheck`, reviews verified earlier by a job match first take their job's current technicians, services
 * and area; the merged content is validated as the build would before anything is written.
 */
export function runVerify(opts: VerifyOptions): {
  report: VerificationReport;
  recheck: RecheckReport | null;
  warnings: string[];
  written: string[];
  delimiter: CsvDelimiter;
} {
  const content = readContentFiles(opts.contentDir, { catalogChanged: opts.recheck === true });
  const business = content.parsed.business;
  const queuePath = opts.queuePath ?? join(opts.contentDir, 'review-queue.json');
  const jobs = readJobs(opts, business);
  let files = content.reviews;
  let recheck: RecheckReport | null = null;
  if (opts.recheck) {
    const planned = planRecheck(content.reviews, jobs.jobs);
    const changed = new Map(planned.files.map((f) => [f.path, f]));
    files = content.reviews.map((f) => changed.get(f.path) ?? f);
    recheck = { changes: planned.changes, missingJobs: planned.missingJobs };
  }
  const records = opts.recheck ? parseContent(content.business, files).records : content.parsed.records;
  const plan = planVerification({
    files,
    records,
    business,
    jobs: jobs.jobs,
    queue: readQueue(queuePath),
    queuePath: shownPath(queuePath),
    verifiedOn: opts.today ?? calendarDateInZone(new Date().toISOString(), business.timeZone)!,
    options: { ...DEFAULT_MATCH_OPTIONS, ...opts.match },
  });
  if (plan.issues.length > 0) throw new ContentError(plan.issues);
  // Files the recheck changed and verification did not touch are written too.
  const out = new Map(files.filter((f, i) => f !== content.reviews[i]).map((f) => [f.path, f]));
  for (const f of plan.files) out.set(f.path, f);
  for (const f of out.values()) writeFileAtomic(resolve(f.path), f.text);
  // Customers' full names: readable by the owner only.
  writeFileAtomic(queuePath, formatReviewQueue(plan.queue), { mode: 0o600 });
  const warnings = jobs.warnings.map(formatContentIssue);
  return { report: plan.report, recheck, warnings, written: [...[...out.keys()].sort(), shownPath(queuePath)], delimiter: jobs.delimiter };
}

const VERIFY_USAGE =
  'usage: npm run verify -- --jobs <jobs.csv> [--recheck] [--encoding windows-1252] [--queue FILE] [--days-before 7] [--days-after 60] [--today YYYY-MM-DD] [--quiet]';

if (import.meta.main) {
  const cli = defineCommand({
    usage: VERIFY_USAGE,
    options: {
      jobs: { type: 'string' },
      queue: { type: 'string' },
      today: { type: 'string' },
      'days-before': { type: 'string' },
      'days-after': { type: 'string' },
      quiet: { type: 'boolean' },
      encoding: { type: 'string' },
      recheck: { type: 'boolean' },
    },
  });
  const { values } = cli.parse();
  const contentDir = contentDirFromEnv();
  console.log(contentLine('verify', contentDir));
  if (!values.jobs) cli.fail('missing --jobs: the CSV of your completed jobs');
  const jobsPath = userPath(values.jobs!);
  if (!existsSync(jobsPath)) cli.fail(`--jobs ${values.jobs}: no such file (looked for ${jobsPath})`);
  cli.date(values.today, '--today');
  if (values.encoding !== undefined && !isKnownEncoding(values.encoding))
    cli.fail(`--encoding: unknown encoding "${values.encoding}" (e.g. windows-1252)`);
  const before = cli.int(values['days-before'], '--days-before', { min: 0, max: 3650 });
  const after = cli.int(values['days-after'], '--days-after', { min: 0, max: 3650 });
  const progress = createProgress({ quiet: values.quiet ?? false });
  await runMain(() =>
    withContentLock(contentDir, 'verify', () => {
      progress.start(1, 'verifying');
      const { report, recheck, warnings, written, delimiter } = runVerify({
        jobsPath,
        contentDir,
        ...(values.encoding && { encoding: values.encoding }),
        ...(values.recheck && { recheck: true }),
        ...(values.queue && { queuePath: userPath(values.queue) }),
        ...(values.today && { today: values.today }),
        match: { ...(before !== undefined && { daysBefore: before }), ...(after !== undefined && { daysAfter: after }) },
      });
      progress.tick();
      progress.done();
      if (delimiter !== ',') console.log(`${shownPath(values.jobs!)}: columns separated by ${delimiterName(delimiter)}`);
      for (const w of warnings.slice(0, 20)) console.log(`warning: ${w}`);
      if (recheck) {
        console.log(`recheck: ${recheck.changes.length} change(s) to reviews verified by a job`);
        for (const c of recheck.changes) console.log(escapeControl(`  ${c.reviewId} (job ${c.jobId}) ${c.field}: ${c.from} → ${c.to}`));
        for (const m of recheck.missingJobs)
          console.log(escapeControl(`  ${m.reviewId}: job ${m.jobId} is no longer in the jobs file; left as it is`));
      }
      console.log(
        `verified ${report.matched.length} by job match, ${report.decided.length} by your decisions in the queue; ${report.queued.length} to decide in the queue; ${report.unmatched.length} with no candidate job`,
      );
      console.log(`wrote ${written.join(', ')}`);
    }),
  );
}
