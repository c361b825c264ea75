import { spawn } from 'node:child_process';
import { CONTENT_BUSY_EXIT_CODE } from '../../core/content/content-busy-exit-code.ts';
import { join } from 'node:path';
import { PullRunReportSchema, type PullRunReport } from '../../core/import/pull/pull-report.ts';

/** Longest a pull may run before it is stopped (a provider that trickles bytes forever). */
export const PULL_CHILD_TIMEOUT_MS = 30 * 60_000;

export interface PullChildOptions {
  root: string;
  /** Environment of the child: the sidecar's (credentials from .env) plus CONTENT_DIR and the pull settings. */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** The pull did nothing: another command (a hand-run import, verify or moderate) holds the content folder. */
export class ContentBusyError extends Error {
  override name = 'ContentBusyError';
}

/**
 * Runs `node scripts/pull.ts --json --quiet` (pull every configured source, then verify) in a child
 * process, like builds: the sidecar imports only core/, and a pull that crashes cannot take the server
 * down. Resolves with the report of its last stdout line; rejects with the tail of its stderr when it
 * printed none (lock held, bad content, crash).
 */
export function runPullChild(options: PullChildOptions): Promise<PullRunReport> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(options.root, 'scripts', 'pull.ts'), '--json', '--quiet'], {
      cwd: options.root,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: PULL_CHILD_TIMEOUT_MS,
      ...(options.signal && { signal: options.signal }),
    });
    // First: a spawn that fails (EMFILE when a flood has taken every descriptor) emits 'error' on the next tick and
    // leaves no pipes; heard by no one it would end the sidecar.
    child.once('error', (e) => reject(e));
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => void (stdout = (stdout + c.toString()).slice(-1_000_000)));
    child.stderr?.on('data', (c: Buffer) => void (stderr = (stderr + c.toString()).slice(-4000)));
    for (const pipe of [child.stdout, child.stderr]) pipe?.on('error', () => {}); // the close below says how the pull went
    child.once('close', (code, signal) => {
      if (code === CONTENT_BUSY_EXIT_CODE) return reject(new ContentBusyError(stderr.trim().split('\n').at(-1) ?? 'the content folder is busy'));
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolvePromise(PullRunReportSchema.parse(JSON.parse(last)));
      } catch {
        reject(new Error(`pull failed (${signal ?? `exit code ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' | ') || 'no output'}`));
      }
    });
  });
}
