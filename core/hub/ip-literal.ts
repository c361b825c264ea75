/** An IP address as raw bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  family: 4 | 6;
  bytes: Uint8Array;
}

const DECIMAL = /^[0-9]+$/;
const OCTAL = /^[0-7]*$/;
const HEX = /^[0-9a-f]*$/i;

function parseIpv4Part(part: string): number | null {
  if (/^0x/i.test(part)) {
    const digits = part.slice(2);
    return HEX.test(digits) ? (digits === '' ? 0 : parseInt(digits, 16)) : null;
  }
  if (part.length > 1 && part.startsWith('0')) return OCTAL.test(part) ? parseInt(part, 8) : null;
  return DECIMAL.test(part) ? Number(part) : null;
}

/**
 * Parses every IPv4 spelling that inet_aton(3) and the WHATWG URL host parser accept:
 * dotted quad, fewer parts (`127.1`, `10.1.1` — the last part fills the remaining bytes), a
 * single 32-bit number (`2130706433`), octal (`0177.0.0.1`), hex (`0x7f.0.0.1`, `0x7f000001`),
 * mixed radices and one trailing dot. Returns the 4 bytes, or null when `text` is not an IPv4 literal.
 */
export function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4 || parts.some((p) => p === '')) return null;
  const numbers = parts.map(parseIpv4Part);
  if (numbers.some((n) => n === null || !Number.isSafeInteger(n))) return null;
  const values = numbers as number[];
  const last = values.pop()!;
  if (values.some((n) => n > 255) || last >= 256 ** (4 - values.length)) return null;
  const bytes = new Uint8Array(4);
  values.forEach((n, i) => (bytes[i] = n));
  for (let i = 3, rest = last; i >= values.length; i--, rest = Math.floor(rest / 256)) bytes[i] = rest % 256;
  return bytes;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  for (const g of text.split(':')) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    groups.push(parseInt(g, 16));
  }
  return groups;
}

/**
 * Parses an IPv6 literal (RFC 4291 §2.2): optional brackets, `::` compression, an embedded
 * dotted quad in the last 32 bits (`::ffff:127.0.0.1`) and a zone id (`fe80::1%eth0`, ignored).
 */
export function parseIpv6(text: string): Uint8Array | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  const lastColon = s.lastIndexOf(':');
  const quad = s.slice(lastColon + 1);
  if (quad.includes('.')) {
    // An embedded dotted quad is strict decimal (RFC 4291 §2.2 form 3); rewrite it as two groups.
    const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(quad);
    const q = m ? m.slice(1).map(Number) : [];
    if (!m || q.some((n) => n > 255)) return null;
    s = `${s.slice(0, lastColon + 1)}${((q[0]! << 8) | q[1]!).toString(16)}:${((q[2]! << 8) | q[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!);
  const rest = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !rest) return null;
  const given = head.length + rest.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return null;
  const groups = [...head, ...new Array<number>(8 - given).fill(0), ...rest];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 0xff;
  });
  return bytes;
}

/** Parses an IPv4 (any spelling) or IPv6 literal; null for a host name. */
export function parseIpLiteral(text: string): IpAddress | null {
  const v6 = parseIpv6(text);
  if (v6) return { family: 6, bytes: v6 };
  const v4 = parseIpv4(text);
  return v4 ? { family: 4, bytes: v4 } : null;
}

/** Canonical text form: dotted quad, or full lower-case IPv6 groups without compression. */
export function formatIp(address: IpAddress): string {
  const b = address.bytes;
  if (address.family === 4) return Array.from(b).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((b[i]! << 8) | b[i + 1]!).toString(16));
  return groups.join(':');
}
