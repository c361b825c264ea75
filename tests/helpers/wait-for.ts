/**
 * Waiting in integration tests, once: wait for the event a test stands on (a row, a file, a log
 * line, a request), never for a slept duration. `waitUntil` polls a condition that has no event of
 * its own to listen to (a database row, a file another process writes); `withDeadline` bounds a
 * promise that does have one; `sleep` exists for the few absence proofs that have no witness, each of
 * which says why beside its call.
 */
import { setTimeout as delay } from 'node:timers/promises'; // the one timer behind waitUntil's polling, withDeadline and sleep

/** How often `waitUntil` looks again: short against the events it waits for (tens of ms or more), long enough to idle. */
export const POLL_INTERVAL_MS = 20;
/** How long `waitUntil` waits by default before failing. */
export const DEFAULT_WAIT_MS = 10_000;

export interface WaitOptions {
  /** What the test waits for, in words: the failure message says it. */
  what: string;
  timeoutMs?: number;
}

/**
 * Resolves once `condition` holds, looking again every POLL_INTERVAL_MS; fails after `timeoutMs`
 * saying what it waited for (and the last value `describe` gives, when there is one).
 */
export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  { what, timeoutMs = DEFAULT_WAIT_MS }: WaitOptions,
  describe?: () => unknown,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) {
      const last = describe ? `; last seen: ${JSON.stringify(await describe())}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last}`);
    }
    await delay(POLL_INTERVAL_MS);
  }
}

/** Reads `read` until `ok` holds for its value, and returns that value (see `waitUntil`). */
export async function readUntil<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, options: WaitOptions): Promise<T> {
  let value = await read();
  await waitUntil(
    async () => ok((value = await read())),
    options,
    () => value,
  );
  return value;
}

/** `promise`, or a rejection naming `what` when it has not settled within `timeoutMs` (a deadline, not a wait). */
export async function withDeadline<T>(promise: Promise<T>, { what, timeoutMs = DEFAULT_WAIT_MS }: WaitOptions): Promise<T> {
  const stop = new AbortController();
  const deadline = delay(timeoutMs, undefined, { signal: stop.signal }).then(() => {
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  });
  deadline.catch(() => undefined);
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    stop.abort();
  }
}

/**
 * Waits a fixed time. Only for proving an absence that no later event or stored state can witness;
 * every call says beside it why none can.
 */
export const sleep = (ms: number): Promise<void> => delay(ms);
