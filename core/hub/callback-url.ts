import type { Cidr } from './cidr.ts';
import { isAddressAllowed } from './classify-address.ts';
import { parseIpLiteral } from './ip-literal.ts';

/** Longest accepted callback URL, in characters. */
export const MAX_CALLBACK_LENGTH = 2048;

export type CallbackCheck =
  | { ok: true; url: URL; host: string }
  | { ok: false; code: 'invalid_url' | 'insecure_callback' | 'credentials' | 'fragment' | 'too_long' | 'forbidden_address'; message: string };

/**
 * Static checks of a `hub.callback` before anything is sent to it (spec: callback scheme HTTPS
 * only; WebSub §5.1): an absolute https URL without user info or fragment. A host written as an
 * IP literal — any spelling, since the WHATWG parser canonicalises `0x7f.1` or `2130706433` to a
 * dotted quad — must be a public address unless allowlisted. Host names are checked later,
 * after resolution, by the connector that pins the checked address.
 */
export function checkCallbackUrl(raw: string, allow: readonly Cidr[]): CallbackCheck {
  if (raw.length > MAX_CALLBACK_LENGTH) return { ok: false, code: 'too_long', message: `must be at most ${MAX_CALLBACK_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, code: 'invalid_url', message: 'must be an absolute https:// URL' };
  }
  if (url.protocol !== 'https:')
    return { ok: false, code: 'insecure_callback', message: 'must use https:// (plain HTTP and other schemes are refused)' };
  if (url.username !== '' || url.password !== '' || /^https:\/\/[^/?#]*@/i.test(raw.trim())) {
    return { ok: false, code: 'credentials', message: 'must not contain a user name or password' };
  }
  if (raw.includes('#')) return { ok: false, code: 'fragment', message: 'must not contain a fragment (#…)' };
  if (url.hostname === '') return { ok: false, code: 'invalid_url', message: 'must name a host' };
  const literal = parseIpLiteral(url.hostname);
  if (literal && !isAddressAllowed(literal, allow)) {
    return { ok: false, code: 'forbidden_address', message: 'must not point to a loopback, private, link-local or otherwise reserved address' };
  }
  return { ok: true, url, host: url.hostname.toLowerCase() };
}
