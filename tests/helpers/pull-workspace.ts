/**
 * The set-up of the live-pull tests (Google, Trustpilot), once: the fake provider for the whole file,
 * a fresh workspace and a fresh set of provider reviews for every test, and `pull()` into it with the
 * back-off pauses and log lines recorded instead of slept and printed.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { pullSource, type PullSource } from '../../scripts/lib/run-pull.ts';
import type { FakeServer } from './fake-providers.ts';
import type { HubWorkspace } from './hub-test-bed.ts';
import { makeWorkspace } from './hub-workspace.ts';

/** The date every pull test runs on (`today` of the pull) unless it says another. */
export const PULL_TODAY = '2026-10-02';
/** Every pull test's limits: a fake server that does not answer is given up on after 1 s, three attempts in all. */
const PULL_LIMITS = { PULL_TIMEOUT_MS: '1000', PULL_MAX_ATTEMPTS: '3' };

export interface PullRun {
  full?: boolean;
  /** The day of the pull (default PULL_TODAY). */
  today?: string;
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
  /** The pull's environment: the limits, the source's `settings` and `extra` over them. */
  env(extra?: Record<string, string>): Record<string, string>;
  pull(run?: PullRun): ReturnType<typeof pullSource>;
}

export interface PullWorkspaceOptions<S extends FakeServer & { reviews: Map<string, R[]> }, R> {
  /** Starts the fake provider (before all tests; closed after them). */
  start: () => Promise<S>;
  /** What the provider holds at the start of every test: its reviews under `key` (location, business unit). */
  key: string;
  seed: () => R[];
  /** The source's environment (credentials, the fake server's URLs, PULL_RETRY_BASE_MS). */
  settings: () => Record<string, string>;
}

/** Registers the provider (beforeAll/afterAll) and the per-test workspace (beforeEach/afterEach) for pulls of `source`. */
export function usePullWorkspace<S extends FakeServer & { reviews: Map<string, R[]> }, R>(
  source: PullSource,
  { start, key, seed, settings }: PullWorkspaceOptions<S, R>,
): PullWorkspace {
  let server: S | undefined;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());
  const env = (extra: Record<string, string> = {}) => ({ ...PULL_LIMITS, ...settings(), ...extra });
  let ws: HubWorkspace | undefined;
  const sleeps: number[] = [];
  const logs: string[] = [];
  beforeEach(async () => {
    ws = await makeWorkspace();
    sleeps.length = 0;
    logs.length = 0;
    server!.requests.length = 0;
    server!.reviews.set(key, seed());
  });
  afterEach(() => ws?.dispose());
  return {
    get ws() {
      if (!ws) throw new Error('the pull workspace exists inside a test only');
      return ws;
    },
    sleeps,
    logs,
    env,
    pull: (run = {}) =>
      pullSource(source, {
        contentDir: ws!.contentDir,
        env: run.env ?? env(),
        today: run.today ?? PULL_TODAY,
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
