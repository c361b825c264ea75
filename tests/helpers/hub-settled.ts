/**
 * Positive witnesses that an in-process hub (tests/helpers/hub-sidecar.ts) has finished, read from
 * its SQLite store: a hub test proves "nothing more will be sent" by seeing the queue empty, not by
 * sleeping for the time a send would take.
 */
import type { HubSidecar } from './hub-sidecar.ts';
import { readHubDb } from './hub-workspace.ts';
import { readUntil, waitUntil, type WaitOptions } from './wait-for.ts';

type Count = { n: number };

/** Rows still queued in the hub's store: deliveries (one per subscription) and verifications. */
export async function hubQueue(dbPath: string): Promise<{ deliveries: number; verifications: number }> {
  const [d] = await readHubDb<Count>(dbPath, 'SELECT count(*) AS n FROM deliveries');
  const [v] = await readHubDb<Count>(dbPath, 'SELECT count(*) AS n FROM verifications');
  return { deliveries: d!.n, verifications: v!.n };
}

/**
 * Resolves when the hub has nothing left to send: every publish so far has run (publishes run one
 * after another, so an empty one ends after all earlier ones, including the one a new build started),
 * and no delivery or verification is queued. A queued row is removed only after the subscriber has
 * answered, and the subscriber records a request before it answers: from here on, every request the
 * hub was ever going to make for the builds so far is in the subscriber's record.
 */
export async function hubSettled(sidecar: Pick<HubSidecar, 'hub' | 'dbPath'>, timeoutMs?: number): Promise<void> {
  await sidecar.hub?.publish([]);
  await readUntil(
    () => hubQueue(sidecar.dbPath),
    (q) => q.deliveries === 0 && q.verifications === 0,
    { what: 'the hub to empty its delivery and verification queues', ...(timeoutMs && { timeoutMs }) },
  );
}

/** Resolves when the hub has finished with the verification of `callback` (its queued row is gone), whatever the outcome. */
export async function verificationSettled(dbPath: string, callback: string, options?: Partial<WaitOptions>): Promise<void> {
  await waitUntil(async () => (await readHubDb(dbPath, 'SELECT 1 FROM verifications WHERE callback = ?', callback)).length === 0, {
    what: `the hub to finish verifying ${callback}`,
    ...options,
  });
}
