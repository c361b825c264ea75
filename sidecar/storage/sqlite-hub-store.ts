import { randomUUID } from 'node:crypto';
import { claimedDeliveryOf, num, str, toSubscription, toVerification } from './store-rows.ts';
import { claimOwner } from './claim-owner.ts';
import { hubMigrations } from './hub-schema.ts';
import { preparePrivateDatabaseFile } from './private-file.ts';
import { DatabaseSync } from 'node:sqlite';
import type { DeliveryResult, HubStore, RemovedSubscription, SubscriptionActivation, WakeKind } from './hub-store.ts';

/**
 * Versioned migrations (hub-schema.ts, the one description of the schema): PRAGMA user_version records
 * the last one applied (SQLite's own counter, in the same file and transaction as the schema).
 */
export const SQLITE_MIGRATIONS: readonly string[] = hubMigrations('sqlite').map((m) => m.sql);

/** Applies the migrations after `user_version` up to `target` (default: all), each in its own transaction. */
export function migrateSqlite(db: DatabaseSync, target = SQLITE_MIGRATIONS.length): number {
  const version = num(db.prepare('PRAGMA user_version').get()?.user_version);
  if (version > SQLITE_MIGRATIONS.length)
    throw new Error(`hub database has schema ${version}, newer than this sidecar (${SQLITE_MIGRATIONS.length})`);
  for (let v = version; v < target; v++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(SQLITE_MIGRATIONS[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
  return Math.max(version, target);
}

/**
 * The hub store on embedded SQLite (node:sqlite): WAL journal with synchronous=FULL, so every
 * committed transaction survives a crash or power loss. Meant for one process; the WAL lets tests
 * and tools read it concurrently, and claims carry their owner, so two instances on one file
 * (tests, a restart overlapping the old process) never take each other's work before it expires.
 */
export function openSqliteHubStore(path: string): HubStore {
  if (path !== ':memory:') preparePrivateDatabaseFile(path);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  db.function('uuid', { deterministic: false }, () => randomUUID());
  migrateSqlite(db);
  /** This instance's name on its claims. */
  const owner = claimOwner();
  const wakeListeners = new Set<(kind: WakeKind) => void>();
  const wakeAll = (kind: WakeKind) => {
    for (const l of wakeListeners) l(kind);
  };

  const tx = <T>(fn: () => T): T => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      db.exec('COMMIT');
      return result;
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  };

  const q = {
    subGet: db.prepare('SELECT * FROM subscriptions WHERE callback = ? AND topic = ?'),
    subUpsert: db.prepare(`
      INSERT INTO subscriptions (id, callback, topic, host, secret, lease_seconds, expires_at, created_at, verified_at, failures)
      VALUES (uuid(), :callback, :topic, :host, :secret, :lease, :expires, :now, :now, 0)
      ON CONFLICT (callback, topic) DO UPDATE SET host = excluded.host, secret = excluded.secret,
        lease_seconds = excluded.lease_seconds, expires_at = excluded.expires_at, verified_at = excluded.verified_at
      RETURNING *`),
    subDelete: db.prepare('DELETE FROM subscriptions WHERE callback = ? AND topic = ?'),
    subDeleteById: db.prepare('DELETE FROM subscriptions WHERE id = ? RETURNING callback, topic'),
    subCountHost: db.prepare('SELECT COUNT(*) AS n FROM subscriptions WHERE host = ? AND expires_at > ?'),
    subCountTopic: db.prepare('SELECT COUNT(*) AS n FROM subscriptions WHERE topic = ? AND expires_at > ?'),
    subDeleteExpired: db.prepare('DELETE FROM subscriptions WHERE expires_at <= ?'),
    subResetFailures: db.prepare('UPDATE subscriptions SET failures = 0 WHERE id = ?'),
    subAddFailure: db.prepare('UPDATE subscriptions SET failures = failures + 1 WHERE id = ? RETURNING failures, callback, topic'),
    topicGet: db.prepare('SELECT content_hash FROM topics WHERE topic = ?'),
    topicSet: db.prepare(`INSERT INTO topics (topic, content_hash, published_at) VALUES (?, ?, ?)
      ON CONFLICT (topic) DO UPDATE SET content_hash = excluded.content_hash, published_at = excluded.published_at`),
    fanOut: db.prepare(`
      INSERT INTO deliveries (subscription_id, id, topic, content_hash, attempts, next_attempt_at, claimed_until)
      SELECT s.id, uuid(), s.topic, :hash, 0, :now, NULL FROM subscriptions s WHERE s.topic = :topic AND s.expires_at > :now
      ON CONFLICT (subscription_id) DO UPDATE SET id = excluded.id, content_hash = excluded.content_hash, attempts = 0,
        next_attempt_at = MAX(deliveries.next_attempt_at, excluded.next_attempt_at)`),
    claimSelect: db.prepare(`
      SELECT d.id, d.subscription_id, d.topic, d.content_hash, d.attempts, s.callback, s.host, s.secret, s.failures
      FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE d.next_attempt_at <= :now AND (d.claimed_until IS NULL OR d.claimed_until <= :now) AND s.expires_at > :now
      ORDER BY d.next_attempt_at LIMIT :limit`),
    claimSet: db.prepare('UPDATE deliveries SET claimed_until = ?, claimed_by = ? WHERE subscription_id = ?'),
    claimExtend: db.prepare('UPDATE deliveries SET claimed_until = ? WHERE subscription_id = ? AND claimed_by = ?'),
    deliveryDone: db.prepare('DELETE FROM deliveries WHERE subscription_id = ? AND id = ?'),
    deliveryUnclaim: db.prepare('UPDATE deliveries SET claimed_until = NULL, claimed_by = NULL WHERE subscription_id = ? AND claimed_by = ?'),
    deliveryRetry: db.prepare(`UPDATE deliveries SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = :at,
      attempts = attempts + (id = :id) WHERE subscription_id = :sub AND claimed_by = :owner`),
    deliveryDropExpired: db.prepare(`DELETE FROM deliveries WHERE subscription_id IN
      (SELECT id FROM subscriptions WHERE callback = :callback AND topic = :topic AND expires_at <= :now)`),
    deliveryDefer: db.prepare(`UPDATE deliveries SET claimed_until = NULL, claimed_by = NULL, next_attempt_at = MAX(next_attempt_at, :at)
      WHERE subscription_id = :sub AND claimed_by = :owner`),
    nextDue: db.prepare(`SELECT MIN(CASE WHEN d.claimed_until > d.next_attempt_at THEN d.claimed_until ELSE d.next_attempt_at END) AS at
      FROM deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE s.expires_at > ?`),
    count: db.prepare('SELECT COUNT(*) AS n FROM deliveries'),
    verAdd: db.prepare(`INSERT INTO verifications (callback, topic, id, mode, host, secret, lease_seconds, created_at)
      VALUES (:callback, :topic, uuid(), :mode, :host, :secret, :lease, :now)
      ON CONFLICT (callback, topic) DO UPDATE SET id = excluded.id, mode = excluded.mode, host = excluded.host,
        secret = excluded.secret, lease_seconds = excluded.lease_seconds, created_at = excluded.created_at
      RETURNING *`),
    verSelect: db.prepare(`SELECT * FROM verifications WHERE claimed_until IS NULL OR claimed_until <= ? ORDER BY created_at LIMIT ?`),
    verClaim: db.prepare('UPDATE verifications SET claimed_until = ?, claimed_by = ? WHERE callback = ? AND topic = ?'),
    verDone: db.prepare('DELETE FROM verifications WHERE id = ?'),
    verUnclaim: db.prepare('UPDATE verifications SET claimed_until = NULL, claimed_by = NULL WHERE callback = ? AND topic = ? AND claimed_by = ?'),
    verCount: db.prepare('SELECT COUNT(*) AS n FROM verifications'),
    verCountHost: db.prepare('SELECT COUNT(*) AS n FROM verifications WHERE host = ?'),
  };

  const removeById = (id: string, reason: RemovedSubscription['reason']): RemovedSubscription | null => {
    const row = q.subDeleteById.get(id);
    return row ? { callback: String(row.callback), topic: String(row.topic), reason } : null;
  };

  const completeOne = (r: DeliveryResult, maxFailures: number): RemovedSubscription | null => {
    switch (r.outcome) {
      case 'delivered':
        q.subResetFailures.run(r.subscriptionId);
        // Superseded while in flight: the newer notification stays and is due now.
        if (q.deliveryDone.run(r.subscriptionId, r.id).changes === 0) q.deliveryUnclaim.run(r.subscriptionId, owner);
        return null;
      case 'gone':
        return removeById(r.subscriptionId, 'gone');
      case 'released':
        if (r.retryAt === undefined) q.deliveryUnclaim.run(r.subscriptionId, owner);
        else q.deliveryDefer.run({ at: r.retryAt, sub: r.subscriptionId, owner });
        return null;
      case 'failed': {
        const row = q.subAddFailure.get(r.subscriptionId);
        if (!row) return null;
        if (num(row.failures) >= maxFailures) return removeById(r.subscriptionId, 'failures');
        q.deliveryRetry.run({ at: r.retryAt, id: r.id, sub: r.subscriptionId, owner });
        return null;
      }
    }
  };

  return {
    kind: 'sqlite',
    async ping() {
      q.count.get();
    },
    onWake(listener) {
      wakeListeners.add(listener);
      return () => wakeListeners.delete(listener);
    },
    async subscriptionGet(callback, topic) {
      const row = q.subGet.get(callback, topic);
      return row ? toSubscription(row) : null;
    },
    async subscriptionActivate(a: SubscriptionActivation) {
      return tx(() => {
        // A lease that had run out starts afresh: a notification left from before the expiry is dropped.
        q.deliveryDropExpired.run({ callback: a.callback, topic: a.topic, now: a.now });
        const row = q.subUpsert.get({
          callback: a.callback,
          topic: a.topic,
          host: a.host,
          secret: a.secret,
          lease: a.leaseSeconds,
          expires: a.now + a.leaseSeconds * 1000,
          now: a.now,
        });
        return toSubscription(row!);
      });
    },
    async subscriptionRemove(callback, topic) {
      return q.subDelete.run(callback, topic).changes > 0;
    },
    async subscriptionCountByHost(host, now) {
      return num(q.subCountHost.get(host, now)?.n);
    },
    async subscriptionCountByTopic(topic, now) {
      return num(q.subCountTopic.get(topic, now)?.n);
    },
    async subscriptionRemoveExpired(now) {
      return Number(q.subDeleteExpired.run(now).changes);
    },
    async topicHashGet(topic) {
      return str(q.topicGet.get(topic)?.content_hash);
    },
    async topicPublish(topic, contentHash, now) {
      const result = tx(() => {
        if (str(q.topicGet.get(topic)?.content_hash) === contentHash) return { changed: false, queued: 0 };
        q.topicSet.run(topic, contentHash, now);
        const queued = Number(q.fanOut.run({ hash: contentHash, now, topic }).changes);
        return { changed: true, queued };
      });
      if (result.queued > 0) wakeAll('deliveries');
      return result;
    },
    async deliveryClaim(now, limit, claimMs) {
      if (limit <= 0) return [];
      return tx(() => {
        const rows = q.claimSelect.all({ now, limit });
        for (const r of rows) q.claimSet.run(now + claimMs, owner, String(r.subscription_id));
        return rows.map(claimedDeliveryOf);
      });
    },
    async deliveryComplete(results, _now, maxFailures) {
      if (results.length === 0) return [];
      return tx(() => results.map((r) => completeOne(r, maxFailures)).filter((r): r is RemovedSubscription => r !== null));
    },
    async deliveryExtendClaims(subscriptionIds, until) {
      if (subscriptionIds.length === 0) return;
      tx(() => {
        for (const id of subscriptionIds) q.claimExtend.run(until, id, owner);
      });
    },
    async deliveryNextDueAt(now) {
      const at = q.nextDue.get(now)?.at;
      return at === null || at === undefined ? null : num(at);
    },
    async deliveryCount() {
      return num(q.count.get()?.n);
    },
    async verificationAdd(v, now) {
      const row = q.verAdd.get({ callback: v.callback, topic: v.topic, mode: v.mode, host: v.host, secret: v.secret, lease: v.leaseSeconds, now })!;
      wakeAll('verifications');
      return toVerification(row);
    },
    async verificationClaim(now, limit, claimMs) {
      if (limit <= 0) return [];
      return tx(() => {
        const rows = q.verSelect.all(now, limit);
        for (const r of rows) q.verClaim.run(now + claimMs, owner, String(r.callback), String(r.topic));
        return rows.map(toVerification);
      });
    },
    async verificationComplete(v) {
      tx(() => {
        if (q.verDone.run(v.id).changes === 0) q.verUnclaim.run(v.callback, v.topic, owner);
      });
    },
    async verificationRelease(v) {
      q.verUnclaim.run(v.callback, v.topic, owner);
    },
    async verificationCount(host) {
      return num((host === undefined ? q.verCount.get() : q.verCountHost.get(host))?.n);
    },
    async close() {
      wakeListeners.clear();
      if (db.isOpen) db.close();
    },
  };
}
