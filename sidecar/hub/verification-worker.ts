import type { Logger } from '../logger.ts';
import type { PendingVerification } from '../storage/hub-store.ts';

export interface VerificationWorkerOptions {
  claim(limit: number): Promise<PendingVerification[]>;
  /** Verifies one intent and applies it; rejects only when it could not finish (the claim then expires and it runs again). */
  run(v: PendingVerification, signal: AbortSignal): Promise<void>;
  complete(v: PendingVerification): Promise<void>;
  release(v: PendingVerification): Promise<void>;
  /** Verifications run at once by this process. */
  maxRunning: number;
  /** Longest sleep between two looks at the queue without a wake-up. */
  pollMs: number;
  logger: Logger;
}

export interface VerificationWorker {
  start(): void;
  wake(): void;
  readonly running: number;
  /** Stops claiming, aborts running verifications and releases them for another process or the next start. */
  stop(): Promise<void>;
}

/**
 * Runs the stored verifications (subscribe/unsubscribe requests answered 202): claims them from the
 * store, so a request accepted by a process that died is verified by another one (or by this one
 * after a restart) once its claim expires.
 */
export function createVerificationWorker(o: VerificationWorkerOptions): VerificationWorker {
  const abort = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  let loopDone: Promise<void> = Promise.resolve();

  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });

  const runOne = (v: PendingVerification) => {
    const p = o
      .run(v, abort.signal)
      .then(
        () => o.complete(v),
        (e: unknown) => {
          if (abort.signal.aborted) return o.release(v);
          // Left claimed: it runs again once the claim expires (the database may be back by then).
          o.logger.error('hub.verification_error', { host: v.host, error: String(e) });
        },
      )
      .catch((e: unknown) => o.logger.error('hub.verification_complete_failed', { host: v.host, error: String(e) }))
      .finally(() => {
        inFlight.delete(p);
        wake();
      });
    inFlight.add(p);
  };

  const loop = async () => {
    while (!stopping) {
      woken = false;
      const room = o.maxRunning - inFlight.size;
      let claimed: PendingVerification[] = [];
      try {
        claimed = room > 0 ? await o.claim(room) : [];
      } catch (e) {
        o.logger.error('hub.verification_claim_failed', { error: String(e) });
        await sleep(1_000);
        continue;
      }
      if (stopping) {
        await Promise.all(claimed.map((v) => o.release(v).catch(() => undefined)));
        break;
      }
      for (const v of claimed) runOne(v);
      if (claimed.length === room && room > 0) continue;
      await sleep(o.pollMs);
    }
  };

  return {
    start() {
      loopDone = loop();
    },
    wake,
    get running() {
      return inFlight.size;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      abort.abort(new Error('hub stopping'));
      wake();
      await loopDone;
      await Promise.all([...inFlight]);
    },
  };
}
