import { claimOwner } from '../claim-owner.ts';
import { claimedDeliveryOf, num, str, toSubscription, toVerification } from '../store-rows.ts';
import type pg from 'pg';
import type { DeliveryResult, HubStore, RemovedSubscription } from '../hub-store.ts';
import { WAKE_CHANNEL, type PgDatabase } from './pg-database.ts';

const SQL = {
  fanOut: `INSERT INTO deliveries (subscription_id, id, topic, content_hash, attempts, next_attempt_at, claimed_until, claimed_by)
    SELECT s.id, gen_random_uuid()::text, s.topic, $1, 0, $2, NULL, NULL FROM subscriptions s WHERE s.topic = $3 AND s.expires_at > $2
    ON CONFLICT (subscription_id) DO UPDATE SET id = excluded.id, content_hash = excluded.content_hash, attempts = 0,
      next_attempt_at = GREATEST(deliveries.next_attempt_at, excluded.next_attempt_at)`,
  // Row locks on the due rows, skipping rows another replica is claiming right now: no waiting, no double claim.
  claim: `WITH due AS (
      SELECT d.subscription_id FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.next_attempt_at <= $1 AND (d.claimed_until IS NULL OR d.claimed_until <= $1) AND s.expires_at > $1
      ORDER BY d.next_attempt_at LIMIT $2 FOR UPDATE OF d SKIP LOCKED)
    UPDATE deliveries d SET claimed_until = $3, claimed_by = $4 FROM due, subscriptions s
    WHERE d.subscription_id = due.subscription_id AND s.id = d.subscription_id
    RETURNING d.id, d.subscription_id, d.topic, d.content_hash, d.attempts, s.callback, s.host, s.secret, s.failures`,
  verClaim: `WITH due AS (
      SELECT callback, topic FROM verifications WHERE claimed_until IS NULL OR claimed_until <= $1
      ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
    UPDATE verifications v SET claimed_until = $3, claimed_by = $4 FROM due
    WHERE v.callback = due.callback AND v.topic = due.topic RETURNING v.*`,
};

/**
 * The hub store on PostgreSQL, shared by every replica: delivery claims are row locks taken with
 * SKIP LOCKED and owned by this instance until they expire; change detection and fan-out are one
 * transaction, so the first replica to record a topic's new hash queues the notifications and
 * the others find them queued; NOTIFY wakes the other replicas' workers.
 */
export function createPostgresHubStore(db: PgDatabase): HubStore {
  const owner = claimOwner();
  const notify = (client: pg.PoolClient, kind: string) => client.query('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, kind]);

  const completeOne = async (c: pg.PoolClient, r: DeliveryResult, maxFailures: number): Promise<RemovedSubscription | null> => {
    const removeById = async (reason: RemovedSubscription['reason']) => {
      const { rows } = await c.query('DELETE FROM subscriptions WHERE id = $1 RETURNING callback, topic', [r.subscriptionId]);
      return rows[0] ? { callback: String(rows[0].callback), topic: String(rows[0].topic), reason } : null;
    };
    switch (r.outcome) {
      case 'delivered':
        return null; // batched in deliveryComplete
      case 'gone':
        return removeById('gone');
      case 'released':
        await c.query(
          `UPDATE deliveries SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = GREATEST(next_attempt_at, $2)
           WHERE subscription_id = $1 AND claimed_by = $3`,
          [r.subscriptionId, r.retryAt ?? 0, owner],
        );
        return null;
      case 'failed': {
        const { rows } = await c.query('UPDATE subscriptions SET failures = failures + 1 WHERE id = $1 RETURNING failures', [r.subscriptionId]);
        if (!rows[0]) return null;
        if (num(rows[0].failures) >= maxFailures) return removeById('failures');
        await c.query(
          `UPDATE deliveries SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = $1,
             attempts = attempts + (CASE WHEN id = $2 THEN 1 ELSE 0 END) WHERE subscription_id = $3 AND claimed_by = $4`,
          [r.retryAt, r.id, r.subscriptionId, owner],
        );
        return null;
      }
    }
  };

  return {
    kind: 'postgres',
    async ping() {
      await db.query('SELECT 1');
    },
    onWake: (listener) => db.onWake(listener),
    async subscriptionGet(callback, topic) {
      const { rows } = await db.query('SELECT * FROM subscriptions WHERE callback = $1 AND topic = $2', [callback, topic]);
      return rows[0] ? toSubscription(rows[0]) : null;
    },
    async subscriptionActivate(a) {
      return db.tx(async (c) => {
        // A lease that had run out starts afresh: a notification left from before the expiry is dropped.
        await c.query(
          `DELETE FROM deliveries WHERE subscription_id IN (SELECT id FROM subscriptions WHERE callback = $1 AND topic = $2 AND expires_at <= $3)`,
          [a.callback, a.topic, a.now],
        );
        const { rows } = await c.query(
          `INSERT INTO subscriptions (id, callback, topic, host, secret, lease_seconds, expires_at, created_at, verified_at, failures)
           VALUES (gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, $7, $7, 0)
           ON CONFLICT (callback, topic) DO UPDATE SET host = excluded.host, secret = excluded.secret,
             lease_seconds = excluded.lease_seconds, expires_at = excluded.expires_at, verified_at = excluded.verified_at
           RETURNING *`,
          [a.callback, a.topic, a.host, a.secret, a.leaseSeconds, a.now + a.leaseSeconds * 1000, a.now],
        );
        return toSubscription(rows[0]!);
      });
    },
    async subscriptionRemove(callback, topic) {
      return ((await db.query('DELETE FROM subscriptions WHERE callback = $1 AND topic = $2', [callback, topic])).rowCount ?? 0) > 0;
    },
    async subscriptionCountByHost(host, now) {
      return num((await db.query('SELECT count(*) AS n FROM subscriptions WHERE host = $1 AND expires_at > $2', [host, now])).rows[0]?.n);
    },
    async subscriptionCountByTopic(topic, now) {
      return num((await db.query('SELECT count(*) AS n FROM subscriptions WHERE topic = $1 AND expires_at > $2', [topic, now])).rows[0]?.n);
    },
    async subscriptionRemoveExpired(now) {
      return (await db.query('DELETE FROM subscriptions WHERE expires_at <= $1', [now])).rowCount ?? 0;
    },
    async topicHashGet(topic) {
      return str((await db.query('SELECT content_hash FROM topics WHERE topic = $1', [topic])).rows[0]?.content_hash);
    },
    async topicPublish(topic, contentHash, now) {
      const result = await db.tx(async (c) => {
        // The upsert locks the topic row: a second replica with the same build waits here, then sees the hash recorded.
        const recorded = await c.query(
          `INSERT INTO topics (topic, content_hash, published_at) VALUES ($1, $2, $3)
           ON CONFLICT (topic) DO UPDATE SET content_hash = excluded.content_hash, published_at = excluded.published_at
           WHERE topics.content_hash <> excluded.content_hash RETURNING topic`,
          [topic, contentHash, now],
        );
        if (recorded.rowCount === 0) return { changed: false, queued: 0 };
        const queued = (await c.query(SQL.fanOut, [contentHash, now, topic])).rowCount ?? 0;
        if (queued > 0) await notify(c, 'deliveries');
        return { changed: true, queued };
      });
      if (result.queued > 0) db.wakeLocal('deliveries');
      return result;
    },
    async deliveryClaim(now, limit, claimMs) {
      if (limit <= 0) return [];
      const { rows } = await db.query(SQL.claim, [now, limit, now + claimMs, owner]);
      return rows.map(claimedDeliveryOf);
    },
    async deliveryComplete(results, _now, maxFailures) {
      if (results.length === 0) return [];
      const delivered = results.filter((r) => r.outcome === 'delivered');
      const released = results.some((r) => r.outcome === 'released' && r.retryAt === undefined);
      return db.tx(async (c) => {
        if (delivered.length > 0) {
          const subs = delivered.map((r) => r.subscriptionId);
          await c.query('UPDATE subscriptions SET failures = 0 WHERE id = ANY($1::text[]) AND failures <> 0', [subs]);
          const done = await c.query(
            `DELETE FROM deliveries d USING unnest($1::text[], $2::text[]) AS x(sub, id)
             WHERE d.subscription_id = x.sub AND d.id = x.id RETURNING d.subscription_id`,
            [subs, delivered.map((r) => r.id)],
          );
          // Superseded while in flight: the newer notification stays and is due now.
          const gone = new Set(done.rows.map((r) => String(r.subscription_id)));
          const superseded = subs.filter((s) => !gone.has(s));
          if (superseded.length > 0) {
            await c.query(
              'UPDATE deliveries SET claimed_until = NULL, claimed_by = NULL WHERE subscription_id = ANY($1::text[]) AND claimed_by = $2',
              [superseded, owner],
            );
          }
        }
        const removed: RemovedSubscription[] = [];
        for (const r of results) {
          const x = await completeOne(c, r, maxFailures);
          if (x) removed.push(x);
        }
        if (released) await notify(c, 'deliveries');
        return removed;
      });
    },
    async deliveryExtendClaims(subscriptionIds, until) {
      if (subscriptionIds.length === 0) return;
      await db.query('UPDATE deliveries SET claimed_until = $1 WHERE subscription_id = ANY($2::text[]) AND claimed_by = $3', [
        until,
        subscriptionIds,
        owner,
      ]);
    },
    async deliveryNextDueAt(now) {
      const { rows } = await db.query(
        `SELECT min(GREATEST(d.next_attempt_at, COALESCE(d.claimed_until, 0))) AS at
         FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE s.expires_at > $1`,
        [now],
      );
      return rows[0]?.at === null || rows[0]?.at === undefined ? null : num(rows[0].at);
    },
    async deliveryCount() {
      return num((await db.query('SELECT count(*) AS n FROM deliveries')).rows[0]?.n);
    },
    async verificationAdd(v, now) {
      const row = await db.tx(async (c) => {
        const { rows } = await c.query(
          `INSERT INTO verifications (callback, topic, id, mode, host, secret, lease_seconds, created_at)
           VALUES ($1, $2, gen_random_uuid()::text, $3, $4, $5, $6, $7)
           ON CONFLICT (callback, topic) DO UPDATE SET id = excluded.id, mode = excluded.mode, host = excluded.host,
             secret = excluded.secret, lease_seconds = excluded.lease_seconds, created_at = excluded.created_at
           RETURNING *`,
          [v.callback, v.topic, v.mode, v.host, v.secret, v.leaseSeconds, now],
        );
        await notify(c, 'verifications');
        return rows[0]!;
      });
      db.wakeLocal('verifications');
      return toVerification(row);
    },
    async verificationClaim(now, limit, claimMs) {
      if (limit <= 0) return [];
      return (await db.query(SQL.verClaim, [now, limit, now + claimMs, owner])).rows.map(toVerification);
    },
    async verificationComplete(v) {
      await db.tx(async (c) => {
        const done = await c.query('DELETE FROM verifications WHERE id = $1', [v.id]);
        if (done.rowCount === 0) {
          await c.query('UPDATE verifications SET claimed_until = NULL, claimed_by = NULL WHERE callback = $1 AND topic = $2 AND claimed_by = $3', [
            v.callback,
            v.topic,
            owner,
          ]);
          await notify(c, 'verifications');
        }
      });
    },
    async verificationRelease(v) {
      await db.query('UPDATE verifications SET claimed_until = NULL, claimed_by = NULL WHERE callback = $1 AND topic = $2 AND claimed_by = $3', [
        v.callback,
        v.topic,
        owner,
      ]);
    },
    async verificationCount(host) {
      const { rows } =
        host === undefined
          ? await db.query('SELECT count(*) AS n FROM verifications')
          : await db.query('SELECT count(*) AS n FROM verifications WHERE host = $1', [host]);
      return num(rows[0]?.n);
    },
    async close() {
      // The database (pool) belongs to whoever opened it (open-stores.ts).
    },
  };
}
