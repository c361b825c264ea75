import { parseIpv4, parseIpv6, type IpAddress } from './ip-literal.ts';

/** An address block: the network address and the prefix length in bits. */
export interface Cidr {
  family: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

/** Parses `10.0.0.0/8`, `::1/128` or a bare address (a /32 or /128). Null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const [addr = '', len, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  // Strict dotted quads only: an allowlist entry should mean exactly what it says.
  const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(addr) ? parseIpv4(addr) : null;
  const v6 = v4 ? null : parseIpv6(addr);
  const bytes = v4 ?? v6;
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (len !== undefined && !/^\d{1,3}$/.test(len)) return null;
  const prefix = len === undefined ? max : Number(len);
  if (prefix > max) return null;
  return { family: v4 ? 4 : 6, bytes, prefix };
}

/** Parses a comma- or whitespace-separated CIDR list; returns the blocks and the entries that did not parse. */
export function parseCidrList(text: string): { cidrs: Cidr[]; invalid: string[] } {
  const entries = text.split(/[\s,]+/).filter((e) => e !== '');
  const cidrs: Cidr[] = [];
  const invalid: string[] = [];
  for (const e of entries) {
    const c = parseCidr(e);
    if (c) cidrs.push(c);
    else invalid.push(e);
  }
  return { cidrs, invalid };
}

/** True when `address` lies inside `block` (families must match). */
export function cidrContains(block: Cidr, address: IpAddress): boolean {
  if (block.family !== address.family) return false;
  let bits = block.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((block.bytes[i]! & mask) !== (address.bytes[i]! & mask)) return false;
  }
  return true;
}
