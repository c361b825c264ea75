import type { KeyObject } from 'node:crypto';
import type { RevocationStore } from './revocation-store.ts';
import { newSessionIdentity, signSessionId, verifySessionId, type SessionClaims } from './session-token.ts';

/** Tolerated clock difference between replicas when a renewed id comes from another process. */
export const CLOCK_SKEW_SECONDS = 30;

export type SessionCheck =
  | {
      ok: true;
      claims: SessionClaims;
      /** A renewed id to send back, or null when the presented one is current. */
      renewed: string | null;
    }
  | { ok: false; status: 400 | 404; message: string };

export interface SessionManager {
  /** A new signed session id (initialize). */
  sessionOpen(): string;
  /** Checks the Mcp-Session-Id header of a request that is not initialize. */
  sessionCheck(header: string | undefined): Promise<SessionCheck>;
  /** Ends a checked session (DELETE /mcp). */
  sessionEnd(claims: SessionClaims): Promise<void>;
}

export interface SessionManagerOptions {
  key: KeyObject;
  idleSeconds: number;
  revocations: RevocationStore;
  now: () => number;
}

/**
 * Stateless sessions: the id itself carries its identity and idle window, signed with a key every
 * replica shares, so any process accepts it, before and after restarts, without sticky routing.
 * Each answered request renews the id (a new seenAt), which clients that adopt the response's
 * Mcp-Session-Id (the official SDK does) turn into a sliding idle timeout; for a client that keeps its
 * first id, the session lasts idleSeconds from initialize. Only ended sessions need a store.
 */
export function createSessionManager({ key, idleSeconds, revocations, now }: SessionManagerOptions): SessionManager {
  const seconds = () => Math.floor(now() / 1000);
  const notFound = (why: string): SessionCheck => ({
    ok: false,
    status: 404,
    message: `Session not found: ${why}. Send initialize (without Mcp-Session-Id) to start a new session.`,
  });
  return {
    sessionOpen() {
      const t = seconds();
      return signSessionId(key, { sid: newSessionIdentity(), issuedAt: t, seenAt: t });
    },
    async sessionCheck(header) {
      if (header === undefined || header === '') {
        return {
          ok: false,
          status: 400,
          message: 'Bad Request: Mcp-Session-Id header is required. Send the id returned in the Mcp-Session-Id header of the initialize response.',
        };
      }
      const claims = verifySessionId(key, header);
      const t = seconds();
      if (!claims || claims.seenAt > t + CLOCK_SKEW_SECONDS) return notFound('the Mcp-Session-Id is not one this server issued');
      // Each answer renews the id (Mcp-Session-Id): the one sent may be an older id of a session still in use.
      if (t - claims.seenAt > idleSeconds)
        return notFound(`this session id is more than ${idleSeconds} s old (send the Mcp-Session-Id of the latest answer, which renews it)`);
      if (await revocations.sessionIsRevoked(claims.sid, t)) return notFound('the session was ended with DELETE');
      return { ok: true, claims, renewed: t > claims.seenAt ? signSessionId(key, { ...claims, seenAt: t }) : null };
    },
    async sessionEnd(claims) {
      const t = seconds();
      // No id of this session can be valid after its newest possible renewal has idled out.
      await revocations.sessionRevoke(claims.sid, Math.max(t, claims.seenAt) + idleSeconds + CLOCK_SKEW_SECONDS, t);
    },
  };
}
