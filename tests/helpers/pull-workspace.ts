/**
 * The set-up of the live-pull tests (Google, Trustpilot), once: a fresh workspace for every test, and
 * `pull()` into it with the back-off pauses and log lines recorded instead of slept and printed.
 */
import { afterEach, beforeEach } from 'vitest';
import { pullSource, type PullSource } from '../../scripts/lib/run-pull.ts';
import type { HubWorkspace } from './hub-test-bed.ts';
import { makeWorkspace } from './hub-workspace.ts';

/** The date every pull test runs on (`today` of the pull). */
const PULL_TODAY = '2026-10-02';

export interface PullRun {
  full?: boolean;
  /** The pull's environment (default: the test file's `env()`). */
  env?: Record<string, string>;
  fetch?: typeof fetch;
}

export interface PullWorkspace {
  /** This test's workspace (a fresh copy of content/). */
  readonly ws: HubWorkspace;
  /** The back-off pauses the pull asked for, in ms (recorded, never slept). */
  readonly sleeps: number[];
  readonly logs: string[];
  pull(run?: PullRun): ReturnType<typeof pullSource>;
}

/**
 * Registers the per-test workspace (beforeEach/afterEach) for pulls of `source`; `reset` runs before
 * each test too (clear the fake server's requests, give it its reviews).
 */
export function usePullWorkspace(source: PullSource, env: () => Record<string, string>, reset: () => void): PullWorkspace {
  let ws: HubWorkspace | undefined;
  const sleeps: number[] = [];
  const logs: string[] = [];
  beforeEach(async () => {
    ws = await makeWorkspace();
    sleeps.length = 0;
    logs.length = 0;
    reset();
  });
  afterEach(() => ws?.dispose());
  return {
    get ws() {
      if (!ws) throw new Error('the pull workspace exists inside a test only');
      return ws;
    },
    sleeps,
    logs,
    pull: (run = {}) =>
      pullSource(source, {
        contentDir: ws!.contentDir,
        env: run.env ?? env(),
        today: PULL_TODAY,
        ...(run.full && { full: true }),
        deps: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, log: (l) => void logs.push(l), ...(run.fetch && { fetch: run.fetch }) },
      }),
  };
}

/** The error `p` rejects with; fails when it resolves. */
export async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('the pull succeeded');
}
