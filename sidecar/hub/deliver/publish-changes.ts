import { createHash } from 'node:crypto';
import type { Snapshot } from '../../data/snapshot.ts';
import type { Logger } from '../../logger.ts';
import type { HubStore } from '../../storage/hub-store.ts';

const hashes = new WeakMap<Buffer, string>();

/** SHA-256 (hex) of the exact bytes a topic URL serves; memoised per buffer, i.e. per build. */
export function topicContentHash(bytes: Buffer): string {
  let h = hashes.get(bytes);
  if (!h) {
    h = createHash('sha256').update(bytes).digest('hex');
    hashes.set(bytes, h);
  }
  return h;
}

export interface Publisher {
  /**
   * Compares each topic's content hash in `snapshot` with the last published one (persisted in the
   * store) and queues notifications for the topics that changed. Calls run one after another.
   * Returns the topic URLs that changed.
   */
  publish(snapshot: Snapshot, topicUrls?: readonly string[]): Promise<string[]>;
}

export interface PublisherOptions {
  store: HubStore;
  /** Topic URL → URL path of its document in a snapshot. */
  topics: ReadonlyMap<string, string>;
  now: () => number;
  logger: Logger;
  /** Called after notifications were queued (wakes the delivery worker). */
  onQueued: () => void;
}

export function createPublisher(options: PublisherOptions): Publisher {
  let chain: Promise<unknown> = Promise.resolve();
  const run = async (snapshot: Snapshot, topicUrls: readonly string[]): Promise<string[]> => {
    const changed: string[] = [];
    for (const url of topicUrls) {
      const path = options.topics.get(url);
      const doc = path ? snapshot.documents.get(path) : undefined;
      if (!doc) {
        options.logger.error('hub.topic_missing', { topic: url });
        continue;
      }
      const result = await options.store.topicPublish(url, topicContentHash(doc.identity.bytes), options.now());
      if (result.changed) {
        changed.push(url);
        options.logger.info('hub.topic_published', { topic: url, queued: result.queued });
      }
    }
    if (changed.length > 0) options.onQueued();
    return changed;
  };
  return {
    publish(snapshot, topicUrls = [...options.topics.keys()]) {
      const next = chain.then(() => run(snapshot, topicUrls));
      chain = next.catch(() => undefined);
      return next;
    },
  };
}
