import type { Logger } from '../../logger.ts';
import type { PendingVerification } from '../../storage/hub-store.ts';
import { createClaimLoop } from '../claim-loop.ts';

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
        loop.wake();
      });
    inFlight.add(p);
  };

  const loop = createClaimLoop<PendingVerification>({
    room: () => o.maxRunning - inFlight.size,
    claim: (limit) => o.claim(limit),
    dispatch: runOne,
    handBack: async (claimed) => void (await Promise.all(claimed.map((v) => o.release(v).catch(() => undefined)))),
    pauseAfter: (claimed, room) => (room > 0 && claimed === room ? null : o.pollMs),
    claimFailedEvent: 'hub.verification_claim_failed',
    logger: o.logger,
  });

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    get running() {
      return inFlight.size;
    },
    async stop() {
      if (loop.stopping) return;
      const ended = loop.stop();
      abort.abort(new Error('hub stopping'));
      await ended;
      await Promise.all([...inFlight]);
    },
  };
}
