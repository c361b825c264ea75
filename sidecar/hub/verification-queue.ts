import type { Logger } from '../logger.ts';

export interface VerificationQueue {
  /**
   * Queues a verification task. Tasks with the same key (callback + topic) run one after another
   * in arrival order, so the last request's intent wins. False when the queue is full.
   */
  enqueue(key: string, task: (signal: AbortSignal) => Promise<void>): boolean;
  readonly pending: number;
  /** Aborts waiting tasks and waits for running ones. */
  close(): Promise<void>;
}

/** Verification runs in the background, after the 202; this bounds how much of it can pile up. */
export function createVerificationQueue(maxPending: number, logger: Logger): VerificationQueue {
  const chains = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let pending = 0;
  return {
    get pending() {
      return pending;
    },
    enqueue(key, task) {
      if (pending >= maxPending || abort.signal.aborted) return false;
      pending++;
      const next = (chains.get(key) ?? Promise.resolve())
        .then(() => (abort.signal.aborted ? undefined : task(abort.signal)))
        .catch((e: unknown) => {
          if (!abort.signal.aborted) logger.error('hub.verification_error', { error: String(e) });
        })
        .finally(() => {
          pending--;
          if (chains.get(key) === next) chains.delete(key);
        });
      chains.set(key, next);
      return true;
    },
    async close() {
      abort.abort(new Error('hub stopping'));
      await Promise.all([...chains.values()]);
    },
  };
}
