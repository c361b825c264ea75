import { cidrContains, parseCidr, type Cidr } from './cidr.ts';
import type { IpAddress } from './ip-literal.ts';

/** Why an address is not a public unicast destination; `public` when it is one. */
export const ADDRESS_CLASSES = [
  'public',
  'unspecified',
  'loopback',
  'private',
  'link-local',
  'cgnat',
  'metadata',
  'multicast',
  'broadcast',
  'documentation',
  'benchmarking',
  'reserved',
  'unique-local',
] as const;
export type AddressClass = (typeof ADDRESS_CLASSES)[number];

type Range = readonly [cidr: string, kind: Exclude<AddressClass, 'public'>];

/**
 * Special-purpose IPv4 blocks (IANA IPv4 Special-Purpose Address Registry, RFC 6890) and cloud
 * metadata endpoints. Order matters: the first match wins, so metadata hosts come before the
 * block that contains them.
 */
const V4_RANGES: readonly Range[] = [
  ['169.254.169.254/32', 'metadata'], // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean
  ['169.254.170.2/32', 'metadata'], // AWS ECS task metadata
  ['100.100.100.200/32', 'metadata'], // Alibaba Cloud
  ['168.63.129.16/32', 'metadata'], // Azure wire server: a public address that must never be reachable
  ['192.0.0.192/32', 'metadata'], // Oracle Cloud
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'reserved'], // AS112
  ['192.52.193.0/24', 'reserved'], // AMT
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast (deprecated)
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'reserved'], // direct delegation AS112
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

/** Special-purpose IPv6 blocks (IANA IPv6 Special-Purpose Address Registry). Anything outside 2000::/3 is refused too. */
const V6_RANGES: readonly Range[] = [
  ['fd00:ec2::254/128', 'metadata'], // AWS IMDS over IPv6
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // local-use NAT64 (RFC 8215)
  ['100::/64', 'reserved'], // discard-only
  ['2001::/23', 'reserved'], // IETF protocol assignments, incl. Teredo 2001::/32 (embeds an obfuscated IPv4)
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'], // SRv6 SIDs
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // site-local (deprecated)
  ['ff00::/8', 'multicast'],
];

const compile = (ranges: readonly Range[]) => ranges.map(([c, kind]) => ({ block: parseCidr(c) as Cidr, kind }));
const V4_BLOCKS = compile(V4_RANGES);
const V6_BLOCKS = compile(V6_RANGES);
const GLOBAL_UNICAST = parseCidr('2000::/3') as Cidr;

/** Prefixes of IPv6 forms that carry an IPv4 address in their last 32 bits. */
const EMBEDDING_V4_LAST32 = ['::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96', '::/96'].map((c) => parseCidr(c) as Cidr);
const SIX_TO_FOUR = parseCidr('2002::/16') as Cidr;

/**
 * The IPv4 address an IPv6 address stands for, when it is one of the IPv4-embedding forms:
 * IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`,
 * deprecated IPv4-compatible `::a.b.c.d`, and 6to4 `2002:AABB:CCDD::`. Null otherwise.
 */
export function embeddedIpv4(address: IpAddress): IpAddress | null {
  if (address.family !== 6) return null;
  const b = address.bytes;
  if (EMBEDDING_V4_LAST32.some((block) => cidrContains(block, address))) {
    // ::/96 also covers :: and ::1, which are classified as IPv6 themselves.
    if (b.subarray(0, 12).every((x) => x === 0) && b[12] === 0 && b[13] === 0 && b[14] === 0 && b[15]! <= 1) return null;
    return { family: 4, bytes: b.slice(12, 16) };
  }
  if (cidrContains(SIX_TO_FOUR, address)) return { family: 4, bytes: b.slice(2, 6) };
  return null;
}

/**
 * Classifies a destination for SSRF defence: `public` only for global unicast addresses. IPv6
 * forms embedding an IPv4 address take the class of that IPv4 address, so `::ffff:127.0.0.1`
 * is loopback and `64:ff9b::10.0.0.1` private.
 */
export function classifyAddress(address: IpAddress): AddressClass {
  if (address.family === 4) return V4_BLOCKS.find((r) => cidrContains(r.block, address))?.kind ?? 'public';
  const v4 = embeddedIpv4(address);
  if (v4) {
    const inner = classifyAddress(v4);
    // Mapped, NAT64 and 6to4 forms of a public address reach that public host; the deprecated
    // IPv4-compatible and SIIT-translated forms are not normal destinations and are refused.
    if (inner !== 'public') return inner;
    const [mapped, , nat64] = EMBEDDING_V4_LAST32;
    const routed = cidrContains(SIX_TO_FOUR, address) || cidrContains(mapped!, address) || cidrContains(nat64!, address);
    return routed ? 'public' : 'reserved';
  }
  const special = V6_BLOCKS.find((r) => cidrContains(r.block, address))?.kind;
  if (special) return special;
  return cidrContains(GLOBAL_UNICAST, address) ? 'public' : 'reserved';
}

/** The address to compare with an allowlist: IPv4-embedding IPv6 forms become their IPv4 address. */
export function normalizeAddress(address: IpAddress): IpAddress {
  return embeddedIpv4(address) ?? address;
}

/**
 * The SSRF decision for one resolved or literal address: public addresses pass; any other class
 * passes only when the (normalised) address lies in one of the allowlisted blocks
 * (HUB_ALLOW_PRIVATE_CALLBACKS).
 */
export function isAddressAllowed(address: IpAddress, allow: readonly Cidr[]): boolean {
  if (classifyAddress(address) === 'public') return true;
  const normalized = normalizeAddress(address);
  return allow.some((block) => cidrContains(block, normalized) || cidrContains(block, address));
}
