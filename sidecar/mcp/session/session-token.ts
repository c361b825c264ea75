import { createHmac, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/** What a session id carries. Times are whole seconds since the epoch. */
export interface SessionClaims {
  /** Random session identity; stays the same when the id is renewed. */
  sid: string;
  /** When initialize created the session. */
  issuedAt: number;
  /** When the id was last issued or renewed: the start of the idle window. */
  seenAt: number;
}

const PREFIX = 's1';
const SID = /^[A-Za-z0-9_-]{22}$/;
const SECONDS = /^(0|[1-9]\d{0,11})$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;
/** Longest header value worth looking at; anything longer is not one of ours. */
export const MAX_SESSION_ID_LENGTH = 128;

/** A fresh random session identity (128 bits). */
export function newSessionIdentity(): string {
  return randomBytes(16).toString('base64url');
}

function mac(key: KeyObject, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/**
 * Writes the session id `s1.<sid>.<issuedAt>.<seenAt>.<hmac>`: visible ASCII only, as the streamable HTTP
 * transport requires of Mcp-Session-Id (MCP 2025-06-18, Transports §Session Management).
 */
export function signSessionId(key: KeyObject, claims: SessionClaims): string {
  const payload = `${PREFIX}.${claims.sid}.${claims.issuedAt}.${claims.seenAt}`;
  return `${payload}.${mac(key, payload)}`;
}

/** Reads a session id and checks its signature (not its age): the claims, or null when it is not ours. */
export function verifySessionId(key: KeyObject, value: string): SessionClaims | null {
  if (value.length > MAX_SESSION_ID_LENGTH) return null;
  const parts = value.split('.');
  if (parts.length !== 5) return null;
  const [prefix, sid, issued, seen, signature] = parts as [string, string, string, string, string];
  if (prefix !== PREFIX || !SID.test(sid) || !SECONDS.test(issued) || !SECONDS.test(seen) || !MAC.test(signature)) return null;
  const expected = Buffer.from(mac(key, `${prefix}.${sid}.${issued}.${seen}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  const claims = { sid, issuedAt: Number(issued), seenAt: Number(seen) };
  return claims.seenAt >= claims.issuedAt ? claims : null;
}
