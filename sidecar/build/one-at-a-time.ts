/**
 * `run` made to run one call at a time: a call made while one runs starts when it has settled (resolved or
 * rejected), in the order made. The sidecar's builds go through one of these, whichever schedule asks
 * (REBUILD_CRON, the pull loop): two builds into one DIST_DIR would race for its swap.
 */
export function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return () => {
    const next = last.then(run);
    last = next.catch(() => undefined); // a failed run does not stop the next
    return next;
  };
}
