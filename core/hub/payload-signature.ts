import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header that carries the signature of a content distribution request (WebSub §8, Authenticated Content Distribution). */
export const SIGNATURE_HEADER = 'X-Hub-Signature';

/** `sha256=<hex HMAC-SHA256 of the exact body, keyed with the subscription's hub.secret>` */
export function signPayload(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * What a subscriber does with a delivery: recompute the HMAC over the raw body and compare in
 * constant time. Accepts only `sha256=` (the one method this hub sends).
 */
export function verifyPayloadSignature(secret: string, body: Uint8Array, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signPayload(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
