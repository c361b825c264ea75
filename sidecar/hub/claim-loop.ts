import type { Logger } from '../logger.ts';

/** Pause after a claim the store refused (the database is down or busy) before claiming again. */
const CLAIM_RETRY_MS = 1_000;

/** A pause the loop takes instead of claiming. */
export interface Hold {
  ms: number;
  /** Wake-ups that came before the pause do not cut it short (only time helps, e.g. a store that is down). */
  forgetWakes?: boolean;
}

/** What one hub worker does at each step of the shared claim loop. */
export interface ClaimLoopSteps<T> {
  /** Before claiming: a pause instead of a claim, or null to claim now. */
  hold?(): Promise<Hold | null>;
  /** How much work may be claimed now (0: none). */
  room(): number;
  claim(limit: number): Promise<T[]>;
  /** Starts one claimed item; it runs on its own and wakes the loop when room frees up. */
  dispatch(item: T): void;
  /** Items a claim returned after stopping began: handed back to the queue. */
  handBack(items: T[]): Promise<void> | void;
  /** After dispatching a claim: how long to sleep before looking again, or null to claim again at once. */
  pauseAfter(claimed: number, room: number): Promise<number | null> | number | null;
  /** Event logged when a claim fails. */
  claimFailedEvent: string;
  logger: Logger;
}

export interface ClaimLoop {
  start(): void;
  /** Look at the queue now: ends the current sleep, or makes the next one return at once. */
  wake(): void;
  readonly stopping: boolean;
  /** Stops claiming (synchronously: `stopping` is true on return) and resolves when the loop has ended. */
  stop(): Promise<void>;
}

/**
 * The loop both hub workers (deliveries, verifications) run: claim as much as there is room for →
 * dispatch → claim again at once while claims fill the room, else sleep until woken or due; a failed
 * claim is logged and retried after a pause; on stop, anything claimed meanwhile is handed back.
 */
export function createClaimLoop<T>(steps: ClaimLoopSteps<T>): ClaimLoop {
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

  const loop = async () => {
    while (!stopping) {
      woken = false;
      const hold = steps.hold ? await steps.hold() : null;
      if (hold) {
        if (hold.forgetWakes) woken = false;
        await sleep(hold.ms);
        continue;
      }
      const room = steps.room();
      let claimed: T[] = [];
      try {
        claimed = room > 0 ? await steps.claim(room) : [];
      } catch (e) {
        steps.logger.error(steps.claimFailedEvent, { error: String(e) });
        await sleep(CLAIM_RETRY_MS);
        continue;
      }
      if (stopping) {
        await steps.handBack(claimed);
        break;
      }
      for (const item of claimed) steps.dispatch(item);
      const pause = await steps.pauseAfter(claimed.length, room);
      if (pause !== null) await sleep(pause);
    }
  };

  return {
    start() {
      loopDone = loop();
    },
    wake,
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
      wake();
      return loopDone;
    },
  };
}
