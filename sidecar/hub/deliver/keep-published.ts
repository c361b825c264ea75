import type { SnapshotSource } from '../../data/snapshot.ts';
import type { Logger } from '../../logger.ts';
import type { Publisher } from './publish-changes.ts';

/** Pause before publishing again after the database refused a publish. */
const PUBLISH_RETRY_MS = 5_000;

export interface KeepPublished {
  /** Publishes the current build now (after every swap); on failure, again every PUBLISH_RETRY_MS until it succeeds. */
  publishNow(): void;
  /** The first publish at start-up (a build that appeared while the hub was not running), awaited; retried like publishNow. */
  catchUp(): Promise<void>;
  stop(): void;
}

/**
 * Publishes the current build until it is recorded: when the database is down, tries again until it
 * succeeds, because a newer build that is never recorded would hold back the delivery of the older one on
 * every replica.
 */
export function keepPublished(publisher: Publisher, snapshots: SnapshotSource, logger: Logger): KeepPublished {
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = () =>
    publisher.publish(snapshots.current()).then(
      () => undefined,
      (e: unknown) => {
        logger.error('hub.publish_failed', { error: String(e) });
        if (!stopped) retry = setTimeout(publishNow, PUBLISH_RETRY_MS).unref();
      },
    );
  function publishNow(): void {
    if (retry) clearTimeout(retry);
    retry = null;
    void attempt();
  }
  return {
    publishNow,
    catchUp: attempt,
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
    },
  };
}
