/**
 * Ended sessions (DELETE /mcp). An entry only needs to outlive the last id of its session that could
 * still be valid, so each carries an expiry (seconds) after which it may be forgotten.
 */
export interface RevocationStore {
  sessionRevoke(sid: string, untilSeconds: number, nowSeconds: number): Promise<void>;
  /** Rejects with StoreUnavailableError when a shared database cannot be reached (the request gets 503). */
  sessionIsRevoked(sid: string, nowSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Revocations held by this process only: another replica, or this one after a restart, still accepts
 * an ended session until it idles out. Use the SQLite store (MCP_SESSION_REVOCATION_DB) or PostgreSQL (DATABASE_URL) to share them.
 */
export function createMemoryRevocationStore(maxEntries = 100_000): RevocationStore {
  const revoked = new Map<string, number>();
  const sweep = (now: number) => {
    for (const [sid, until] of revoked) if (until < now) revoked.delete(sid);
  };
  return {
    async sessionRevoke(sid, untilSeconds, nowSeconds) {
      if (revoked.size >= maxEntries) sweep(nowSeconds);
      // Still full of live entries: drop the oldest insertions rather than grow without bound.
      while (revoked.size >= maxEntries) revoked.delete(revoked.keys().next().value!);
      revoked.set(sid, untilSeconds);
    },
    async sessionIsRevoked(sid, nowSeconds) {
      const until = revoked.get(sid);
      return until !== undefined && until >= nowSeconds;
    },
    async close() {
      revoked.clear();
    },
  };
}
