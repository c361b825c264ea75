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

/** Checks a condition again this often while waiting for a database row or a log line. */
const POLL_MS = 20;

export interface SubscribeAndWaitOptions {
  /** POSTs a form to the hub. */
  post(fields: Record<string, string>): Promise<{ status: number }>;
  sub: HttpsSubscriber;
  /** Callback paths on `sub`. */
  paths: string | readonly string[];
  topic: string;
  /** More hub.* fields (hub.secret, hub.lease_seconds). */
  extra?: Record<string, string>;
  /** Whether the hub holds all of these callbacks' subscriptions now (e.g. `sqliteHoldsSubscriptions`). */
  held(callbacks: readonly string[], topic: string): Promise<boolean>;
  timeoutMs?: number;
}

/** Subscribes every path to `topic` and resolves when each subscription is active; returns the callback URLs. */
export async function subscribeAndWait(o: SubscribeAndWaitOptions): Promise<string[]> {
  const paths = typeof o.paths === 'string' ? [o.paths] : o.paths;
  const timeoutMs = o.timeoutMs ?? 30_000;
  const callbacks = paths.map((p) => o.sub.url(p));
  const before = new Map(paths.map((p) => [p, o.sub.verificationsFor(p).length]));
  for (const callback of callbacks) {
    const res = await o.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': o.topic, ...o.extra });
    expect(res.status, `subscribe ${callback}`).toBe(202);
  }
  await o.sub.waitFor(
    () => paths.every((p) => o.sub.verificationsFor(p).length > before.get(p)!),
    `verification of ${paths.length} callback(s)`,
    timeoutMs,
  );
  await waitUntil(() => o.held(callbacks, o.topic), `the hub to hold ${callbacks.length} subscription(s) to ${o.topic}`, timeoutMs);
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

/** Resolves once `condition` holds, checking every POLL_MS; fails naming `what` after `timeoutMs`. */
export async function waitUntil(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
