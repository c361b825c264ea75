import { randomBytes } from 'node:crypto';
import { isChallengeEchoed } from '../../../core/hub/delivery-outcome.ts';
import type { OutboundClient, OutboundFailure } from '../outbound/outbound-client.ts';

/** A fresh, unguessable, single-use challenge (32 random bytes, base64url: 43 characters). */
export function createChallenge(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Appends the hub's query parameters to a callback URL, keeping the callback's own query string
 * exactly as given (WebSub §5.3: "the hub MUST preserve the query string").
 */
export function withHubParams(callback: string, params: Record<string, string>): string {
  const extra = new URLSearchParams(params).toString();
  const q = callback.indexOf('?');
  const base = q < 0 ? callback : callback.slice(0, q);
  const own = q < 0 ? '' : callback.slice(q + 1);
  return `${base}?${own === '' || own.endsWith('&') ? own : `${own}&`}${extra}`;
}

export interface IntentCheck {
  mode: 'subscribe' | 'unsubscribe';
  callback: string;
  topic: string;
  /** The lease actually granted (subscribe only). */
  leaseSeconds?: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

export type IntentResult = { verified: true } | { verified: false; status: number | null; failure?: OutboundFailure | 'wrong_body' };

/**
 * Verification of intent (WebSub §5.3): GET the callback with hub.mode, hub.topic, a fresh
 * hub.challenge and, on subscribe, hub.lease_seconds. Confirmed only by a 2xx whose body is
 * exactly the challenge; only challenge-length + 1 bytes are ever read. Redirects are not followed.
 */
export async function verifyIntent(client: OutboundClient, check: IntentCheck, challenge = createChallenge()): Promise<IntentResult> {
  const params: Record<string, string> = { 'hub.mode': check.mode, 'hub.topic': check.topic, 'hub.challenge': challenge };
  if (check.mode === 'subscribe' && check.leaseSeconds !== undefined) params['hub.lease_seconds'] = String(check.leaseSeconds);
  const res = await client.send(withHubParams(check.callback, params), {
    method: 'GET',
    timeoutMs: check.timeoutMs,
    readBytes: Buffer.byteLength(challenge),
    ...(check.signal ? { signal: check.signal } : {}),
  });
  if (!res.ok) return { verified: false, status: null, failure: res.failure };
  if (isChallengeEchoed(res.status, res.body.toString('utf8'), challenge)) return { verified: true };
  return { verified: false, status: res.status, ...(res.status >= 200 && res.status < 300 ? { failure: 'wrong_body' as const } : {}) };
}

/**
 * Tells a callback that its subscription was refused or cancelled by the hub (WebSub §5.2):
 * GET with hub.mode=denied, hub.topic and hub.reason. Best effort: the answer is ignored.
 */
export async function sendDenial(
  client: OutboundClient,
  callback: string,
  topic: string,
  reason: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  await client.send(withHubParams(callback, { 'hub.mode': 'denied', 'hub.topic': topic, 'hub.reason': reason }), {
    method: 'GET',
    timeoutMs,
    readBytes: 0,
    ...(signal ? { signal } : {}),
  });
}
