import { lookup } from 'node:dns/promises';
import { createSecureContext } from 'node:tls';
import { buildConnector } from 'undici';
import type { Cidr } from '../../../core/hub/cidr.ts';
import { classifyAddress, isAddressAllowed, type AddressClass } from '../../../core/hub/classify-address.ts';
import { formatIp, parseIpLiteral, type IpAddress } from '../../../core/hub/ip-literal.ts';

/** Resolves a host name to all its addresses (the default is the system resolver, dns.lookup). */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, order: 'verbatim' });

/** The destination was refused by the SSRF policy. Logged by the hub, never reflected to a requester. */
export class BlockedAddressError extends Error {
  readonly code = 'HUB_BLOCKED_ADDRESS';
  readonly addressClass: AddressClass | 'unresolvable';
  constructor(addressClass: AddressClass | 'unresolvable') {
    super(`callback address refused (${addressClass})`);
    this.name = 'BlockedAddressError';
    this.addressClass = addressClass;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('DNS resolution timed out'), { code: 'HUB_DNS_TIMEOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Resolves `hostname` once and checks every answer against the SSRF policy. All answers must be
 * allowed — a name that mixes a public and a private address is refused — and the first one is
 * returned so the caller connects to exactly the address that was checked.
 */
export async function resolveAllowedAddress(hostname: string, resolve: HostResolver, allow: readonly Cidr[], timeoutMs: number): Promise<IpAddress> {
  const literal = parseIpLiteral(hostname);
  const answers = literal ? [literal] : await withTimeout(resolve(hostname), timeoutMs).then((list) => list.map((a) => parseIpLiteral(a.address)));
  if (answers.length === 0 || answers.some((a) => a === null)) throw new BlockedAddressError('unresolvable');
  for (const a of answers as IpAddress[]) {
    if (!isAddressAllowed(a, allow)) throw new BlockedAddressError(classifyAddress(a));
  }
  return answers[0]!;
}

export interface PinnedConnectorOptions {
  resolve: HostResolver;
  allow: readonly Cidr[];
  connectTimeoutMs: number;
  /** Trusted CA certificates (PEM); undefined keeps Node's default store, which includes NODE_EXTRA_CA_CERTS. */
  ca?: string[];
}

/**
 * An undici connector that resolves the host itself, applies the SSRF policy, and then opens the
 * TCP/TLS connection to that very IP address — no second DNS lookup, so a DNS answer that changes
 * between check and connect (rebinding) cannot redirect the request. SNI and certificate checks
 * still use the host name, and undici keeps sending the original Host header.
 */
export function createPinnedConnector(options: PinnedConnectorOptions): buildConnector.connector {
  // One secure context for every connection: passing `ca` instead would make Node parse the whole
  // CA list again for each TLS handshake.
  const secureContext = options.ca ? createSecureContext({ ca: options.ca }) : undefined;
  // No TCP keep-alive probes: idle connections are closed after a second anyway, and every request is time-bounded.
  const base = buildConnector({
    timeout: options.connectTimeoutMs,
    allowH2: false,
    maxCachedSessions: 100,
    keepAlive: false,
    ...(secureContext ? { secureContext } : {}),
  });
  return (opts, callback) => {
    resolveAllowedAddress(opts.hostname, options.resolve, options.allow, options.connectTimeoutMs).then(
      (address) => {
        const isLiteral = parseIpLiteral(opts.hostname) !== null;
        base({ ...opts, hostname: formatIp(address), ...(isLiteral ? {} : { servername: opts.hostname }) }, callback);
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
}
