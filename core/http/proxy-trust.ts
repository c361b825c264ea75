import { cidrContains, parseCidrList, type Cidr } from '../hub/cidr.ts';
import { parseIpLiteral, type IpAddress } from '../hub/ip-literal.ts';

/**
 * Which proxies in front of the sidecar may name the client in `X-Forwarded-For` (TRUST_PROXY):
 * none; the `hops` proxies nearest the sidecar; or those whose addresses lie in `cidrs`.
 * Never "everyone": the left-most entry of the header is whatever the client wrote.
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; cidrs: Cidr[] };

/** More proxies than any real chain has; a bound so a number cannot mean "trust everything". */
export const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY: `false` or `0` (default: the socket's address is the client), a hop count `1`…`10`
 * (one nginx or CDN in front: `1`), or a comma-separated list of the proxies' addresses or CIDR blocks
 * (`10.0.0.5,2001:db8::/32`). `true` is refused: trusting every hop lets a client pick its own address.
 */
export function parseProxyTrust(text: string): { ok: true; trust: ProxyTrust } | { ok: false; message: string } {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return { ok: true, trust: { kind: 'none' } };
  if (value === 'true')
    return {
      ok: false,
      message:
        'true would trust an X-Forwarded-For the client wrote itself: give the number of proxies in front (1 for one nginx or CDN) or their addresses',
    };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) return { ok: false, message: `at most ${MAX_PROXY_HOPS} proxy hops` };
    return { ok: true, trust: { kind: 'hops', hops } };
  }
  const { cidrs, invalid } = parseCidrList(value);
  if (invalid.length > 0) return { ok: false, message: `not a hop count, an IP address or a CIDR block: ${invalid.join(', ')}` };
  return { ok: true, trust: { kind: 'addresses', cidrs } };
}

/** The trust a validated TRUST_PROXY value names (throws on text parseProxyTrust refuses). */
export function proxyTrustOf(text: string): ProxyTrust {
  const parsed = parseProxyTrust(text);
  if (!parsed.ok) throw new Error(`TRUST_PROXY: ${parsed.message}`);
  return parsed.trust;
}

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, as a dual-stack socket reports it) as IPv4. */
function unmapped(ip: IpAddress): IpAddress {
  const b = ip.bytes;
  if (ip.family === 6 && b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) return { family: 4, bytes: b.slice(12) };
  return ip;
}

/**
 * Whether the hop `index` of the chain (0: the peer of the socket, 1: the right-most
 * X-Forwarded-For entry, …) is a proxy to believe. The same rule serves Express's `trust proxy`.
 */
export function isTrustedHop(trust: ProxyTrust, address: string, index: number): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return index < trust.hops;
  const ip = parseIpLiteral(address);
  return ip !== null && trust.cidrs.some((c) => cidrContains(c, unmapped(ip)));
}

/**
 * The client's address: walking from the socket's peer leftwards through `X-Forwarded-For`, the first
 * hop that is not a trusted proxy (or the left-most one when all are). Only entries appended by
 * trusted proxies are ever read, so a client cannot choose its own rate-limit key; an entry that is
 * not an IP address ends the walk at the hop that wrote it.
 */
export function clientAddress(remote: string | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  let client = remote ?? 'unknown';
  if (trust.kind === 'none' || forwardedFor === undefined) return client;
  const entries = forwardedFor.split(',').map((e) => e.trim());
  for (let index = 0; isTrustedHop(trust, client, index); index++) {
    const next = entries.pop();
    if (next === undefined || parseIpLiteral(next) === null) break;
    client = next;
  }
  return client;
}
