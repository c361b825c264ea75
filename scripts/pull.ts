/**
 * `npm run pull -- [--full] [--jobs FILE] [--json] [--quiet]`: the unattended half of the loop. Pulls
 * every source business.json names (`pull.google.locations`, `pull.trustpilot.businessUnitId`), then
 * verifies against the jobs file (--jobs, JOBS_CSV, or `pull.jobs` in business.json). The sidecar's
 * PULL_CRON and the nightly workflow run it, then build when it changed content. One command that changes the
 * content folder at a time (the content lock: pull, import, verify, moderate). A failed source is reported with
 * its reason and writes nothing; the others still run. With --json the last stdout line is the PullRunReport
 * (core/import/pull/pull-report.ts). Exit code 1 when a source or verification failed; CONTENT_BUSY_EXIT_CODE (75)
 * when another command holds the folder and nothing was done.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ContentError } from '../core/content/content-error.ts';
import type { PullRunReport, SourcePullReport } from '../core/import/pull/pull-report.ts';
import { contentDirFromEnv, readContentFiles } from '../site/lib/read-content-dir.ts';
import { defineCommand, flags, runMain, texts } from './lib/cli.ts';
import { PullError, redactSecrets, secretsOf } from './lib/pull-error.ts';
import { acquireContentLock, ContentLockedError } from './lib/content-lock.ts';
import { CONTENT_BUSY_EXIT_CODE } from '../core/content/content-busy-exit-code.ts';
import { CONTENT_LOCK_PREFIX } from '../core/content/content-lock-name.ts';
import { createProgress } from './lib/progress.ts';
import { configuredSources, pullSource, sourceKey } from './lib/run-pull.ts';
import { runVerify } from './verify.ts';
import { userPath } from './lib/user-path.ts';
import { contentLine } from './lib/announce-content.ts';

/** A hash of every file of the content folder: did this run change any byte? */
function contentHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      // A lock, or the file it is written through, comes and goes with other commands: no content.
      else if (e.isFile() && !e.name.startsWith(CONTENT_LOCK_PREFIX)) hash.update(p).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** The jobs file: --jobs, else JOBS_CSV, else business.json's `pull.jobs` (relative to the content folder). */
function jobsPath(contentDir: string, flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (flag) return flag;
  if (env.JOBS_CSV) return env.JOBS_CSV;
  const named = readContentFiles(contentDir).parsed.business.pull?.jobs;
  return named === undefined ? undefined : isAbsolute(named) ? named : resolve(contentDir, named);
}

export interface PullRunOptions {
  contentDir: string;
  env: NodeJS.ProcessEnv;
  full?: boolean;
  jobs?: string;
  today?: string;
  quiet?: boolean;
  log?: (line: string) => void;
}

/** Pulls every configured source, then verifies; never throws for a source's failure (it is reported). */
export async function runPullAll(opts: PullRunOptions): Promise<PullRunReport> {
  const secrets = secretsOf(opts.env);
  const log = (line: string) => (opts.log ?? ((l: string) => void process.stderr.write(`${l}\n`)))(redactSecrets(line, secrets));
  const release = acquireContentLock(opts.contentDir, 'pull');
  try {
    const before = contentHash(opts.contentDir);
    const progress = createProgress({ quiet: opts.quiet ?? false });
    const sources: SourcePullReport[] = [];
    for (const source of configuredSources(opts.contentDir)) {
      try {
        sources.push(
          await pullSource(source, {
            contentDir: opts.contentDir,
            env: opts.env,
            full: opts.full ?? false,
            progress,
            deps: { log },
            ...(opts.today && { today: opts.today }),
          }),
        );
      } catch (e) {
        const error = e instanceof ContentError || e instanceof PullError ? e.message : String(e);
        sources.push({ source: sourceKey(source), new: 0, updated: 0, unchanged: 0, pages: 0, full: false, error });
      }
    }
    let verify: PullRunReport['verify'] = null;
    const jobs = jobsPath(opts.contentDir, opts.jobs, opts.env);
    if (jobs !== undefined) {
      try {
        if (!existsSync(jobs)) throw new Error(`jobs file ${jobs}: no such file (JOBS_CSV or "pull": {"jobs": …} in business.json)`);
        const { report } = runVerify({ jobsPath: jobs, contentDir: opts.contentDir, ...(opts.today && { today: opts.today }) });
        verify = {
          matched: report.matched.length + report.decided.length,
          queued: report.queued.length,
          unmatched: report.unmatched.length,
          error: null,
        };
      } catch (e) {
        verify = { matched: 0, queued: 0, unmatched: 0, error: redactSecrets((e as Error).message, secrets) };
      }
    }
    return { sources, verify, changed: contentHash(opts.contentDir) !== before };
  } finally {
    release();
  }
}

if (import.meta.main) {
  const cli = defineCommand({
    usage: 'usage: npm run pull -- [--full] [--jobs jobs.csv] [--today YYYY-MM-DD] [--json] [--quiet]',
    options: { ...flags('full', 'json', 'quiet'), ...texts('jobs', 'today') },
  });
  const { values } = cli.parse();
  cli.date(values.today, '--today');
  await runMain(async () => {
    const contentDir = contentDirFromEnv();
    // The first line every command prints; on stderr, as the rest of the report: stdout is --json's.
    console.error(contentLine('pull', contentDir));
    let report: PullRunReport;
    try {
      report = await runPullAll({
        contentDir,
        env: process.env,
        full: values.full ?? false,
        quiet: values.quiet ?? false,
        ...(values.jobs && { jobs: userPath(values.jobs) }),
        ...(values.today && { today: values.today }),
      });
    } catch (e) {
      if (!(e instanceof ContentLockedError)) throw e;
      console.error(e.message);
      process.exitCode = CONTENT_BUSY_EXIT_CODE; // nothing done; the schedule's next run does it
      return;
    }
    if (report.sources.length === 0)
      console.error('no live source configured: name them in business.json ("pull", see docs/import.md, "Connect once")');
    for (const s of report.sources)
      console.error(
        s.error
          ? `${s.source}: FAILED: ${s.error}`
          : `${s.source}: ${s.new} new, ${s.updated} updated, ${s.unchanged} unchanged (${s.pages} pages${s.full ? ', every page: a full pull' : ''})`,
      );
    if (report.verify)
      console.error(
        report.verify.error
          ? `verify: FAILED: ${report.verify.error}`
          : `verify: ${report.verify.matched} verified, ${report.verify.queued} queued, ${report.verify.unmatched} unmatched`,
      );
    console.error(report.changed ? 'content changed' : 'no content changed');
    if (values.json) console.log(JSON.stringify(report));
    if (report.sources.some((s) => s.error) || report.verify?.error) process.exitCode = 1;
  });
}
