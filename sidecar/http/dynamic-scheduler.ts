/** One piece of dynamic work: runs once, when its turn comes. */
export type DynamicJob = () => void;

export interface DynamicSchedulerOptions {
  /** Jobs waiting or unfinished at once; `submit` refuses more. */
  maxPending: number;
  /** Dynamic work run per turn of the event loop before yielding to I/O (ms). */
  sliceMs: number;
  now: () => number;
  /** Defers a callback to after I/O (setImmediate in production). */
  defer?: (run: () => void) => void;
}

export interface DynamicScheduler {
  /**
   * Queues `job`; false when `maxPending` jobs are already waiting or unfinished (answer 503).
   * The caller calls the returned release function when the job's response is over.
   */
  submit(job: DynamicJob): (() => void) | null;
  readonly pending: number;
}

/**
 * Runs dynamic requests (search, since, MCP) after everything else the event loop has received:
 * a request is queued when it arrives and run from a setImmediate callback, at most `sliceMs` of
 * work per turn, so a request for a data document that arrives meanwhile is answered in the next
 * poll phase instead of waiting behind a hundred searches. Jobs are started in arrival order; the
 * number waiting or unfinished is bounded, so the work a flood can queue is bounded too.
 */
export function createDynamicScheduler(options: DynamicSchedulerOptions): DynamicScheduler {
  const defer = options.defer ?? ((run: () => void) => void setImmediate(run));
  const queue: DynamicJob[] = [];
  let head = 0;
  let pending = 0;
  let scheduled = false;

  const drain = () => {
    scheduled = false;
    const end = options.now() + options.sliceMs;
    while (head < queue.length) {
      const job = queue[head]!;
      queue[head++] = undefined as never;
      try {
        job();
      } catch (error) {
        // Jobs handle their own errors; should one throw anyway, the rest still get their turn.
        if (head < queue.length) schedule();
        throw error;
      }
      if (options.now() >= end) break;
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    } else schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    defer(drain);
  };

  return {
    submit(job) {
      if (pending >= options.maxPending) return null;
      pending++;
      queue.push(job);
      schedule();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        pending--;
      };
    },
    get pending() {
      return pending;
    },
  };
}
