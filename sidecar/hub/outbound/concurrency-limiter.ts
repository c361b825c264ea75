interface Waiter {
  key: string;
  start: () => void;
}

export interface ConcurrencyLimiter {
  /**
   * Runs `task` once a global slot and a slot for `key` are free. Waiting tasks whose key is
   * saturated are skipped over, so one slow host never blocks the others. An abort signal removes
   * a task that has not started yet (the promise rejects with the signal's reason).
   */
  run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/** Global plus per-key (callback host) concurrency limit for every outbound request of the hub. */
export function createConcurrencyLimiter(globalLimit: number, perKeyLimit: number): ConcurrencyLimiter {
  let active = 0;
  const perKey = new Map<string, number>();
  const queue: Waiter[] = [];

  const canStart = (key: string) => active < globalLimit && (perKey.get(key) ?? 0) < perKeyLimit;
  const acquire = (key: string) => {
    active++;
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
  };
  const release = (key: string) => {
    active--;
    const n = (perKey.get(key) ?? 1) - 1;
    if (n === 0) perKey.delete(key);
    else perKey.set(key, n);
    pump();
  };
  const pump = () => {
    for (let i = 0; i < queue.length && active < globalLimit; ) {
      const w = queue[i]!;
      if (!canStart(w.key)) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      w.start();
    }
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const onAbort = () => {
          const i = queue.indexOf(waiter);
          if (i >= 0) {
            queue.splice(i, 1);
            reject(signal!.reason);
          }
        };
        const waiter: Waiter = {
          key,
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            acquire(key);
            task()
              .then(resolve, reject)
              .finally(() => release(key));
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
        pump();
      });
    },
  };
}
