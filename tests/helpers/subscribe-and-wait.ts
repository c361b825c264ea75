/**
 * "Subscribe and wait until verified", once for every hub test: POST hub.mode=subscribe for each
 * callback path (202 expected), then wait for the subscriber to see each verification of intent, then
 * for the hub to hold the subscriptions (its store row is written just after the callback answers).
 * No fixed sleep: each wait ends when what it waits for has happened.
 */
import { expect } from 'vitest';
import type { HttpsSubscriber } from './https-subscriber.ts';
import type { HubSidecar } from './hub-sidecar.ts';
import { readHubDb } from './hub-workspace.ts';
import { DEFAULT_WAIT_MS, waitUntil } from './wait-for.ts';

/** Subscribe requests sent at once (a 500-subscriber fan-out subscribes in batches, not one by one). */
const POSTS_AT_ONCE = 25;

export interface SubscribeAndWaitOptions {
  /** POSTs a form to the hub. */
  post(fields: Record<string, string>): Promise<{ status: number }>;
  sub: HttpsSubscriber;
  /** Callback paths on `sub`. */
  paths: string | readonly string[];
  topic: string;
  /** More hub.* fields (hub.secret, hub.lease_seconds), the same for every path or chosen per path. */
  extra?: Record<string, string> | ((path: string) => Record<string, string>);
  /** Whether the hub holds all of these callbacks' subscriptions now (e.g. `sqliteHoldsSubscriptions`). */
  held(callbacks: readonly string[], topic: string): Promise<boolean>;
  timeoutMs?: number;
}

/** Subscribes every path to `topic` and resolves when each subscription is active; returns the callback URLs. */
export async function subscribeAndWait(o: SubscribeAndWaitOptions): Promise<string[]> {
  const paths = typeof o.paths === 'string' ? [o.paths] : o.paths;
  const timeoutMs = o.timeoutMs ?? 3 * DEFAULT_WAIT_MS;
  const callbacks = paths.map((p) => o.sub.url(p));
  const before = new Map(paths.map((p) => [p, o.sub.verificationsFor(p).length]));
  const extra = (path: string) => (typeof o.extra === 'function' ? o.extra(path) : o.extra);
  for (let i = 0; i < paths.length; i += POSTS_AT_ONCE) {
    await Promise.all(
      paths.slice(i, i + POSTS_AT_ONCE).map(async (path) => {
        const callback = o.sub.url(path);
        const res = await o.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': o.topic, ...extra(path) });
        expect(res.status, `subscribe ${callback}`).toBe(202);
      }),
    );
  }
  await o.sub.waitFor(
    () => paths.every((p) => o.sub.verificationsFor(p).length > before.get(p)!),
    `verification of ${paths.length} callback(s)`,
    timeoutMs,
  );
  await waitUntil(() => o.held(callbacks, o.topic), { what: `the hub to hold ${callbacks.length} subscription(s) to ${o.topic}`, timeoutMs });
  return callbacks;
}

/** `held` for the SQLite hub store: every callback has its row for the topic. */
export function sqliteHoldsSubscriptions(dbPath: string): SubscribeAndWaitOptions['held'] {
  return async (callbacks, topic) => {
    const rows = await readHubDb<{ callback: string }>(dbPath, 'SELECT callback FROM subscriptions WHERE topic = ?', topic);
    const have = new Set(rows.map((r) => r.callback));
    return callbacks.every((c) => have.has(c));
  };
}

/** `post` and `held` for an in-process hub sidecar (tests/helpers/hub-sidecar.ts) on its SQLite store. */
export function onHubSidecar(sidecar: HubSidecar): Pick<SubscribeAndWaitOptions, 'post' | 'held'> {
  return { post: sidecar.post, held: sqliteHoldsSubscriptions(sidecar.dbPath) };
}
