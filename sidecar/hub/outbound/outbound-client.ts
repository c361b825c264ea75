import { readFileSync } from 'node:fs';
import { getCACertificates } from 'node:tls';
import { Agent, request } from 'undici';
import type { Cidr } from '../../../core/hub/cidr.ts';
import { BlockedAddressError, createPinnedConnector, type HostResolver } from './pinned-connector.ts';

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** Whole-request time limit: connection, headers and the part of the body we read. */
  timeoutMs: number;
  /** Bytes of the response body to keep; the rest is discarded and the connection closed. */
  readBytes: number;
  signal?: AbortSignal;
}

/** Why a request produced no status: for logs and metrics only, never shown to a requester. */
export type OutboundFailure = 'blocked' | 'timeout' | 'dns' | 'tls' | 'connect' | 'aborted' | 'protocol';

export type OutboundResult = { ok: true; status: number; body: Buffer } | { ok: false; failure: OutboundFailure; detail: string };

export interface OutboundClient {
  send(url: string, init: OutboundRequest): Promise<OutboundResult>;
  close(): Promise<void>;
}

export interface OutboundClientOptions {
  resolve: HostResolver;
  allow: readonly Cidr[];
  connectTimeoutMs: number;
  /** Connections kept per callback origin. */
  connectionsPerOrigin: number;
  /** PEM file of extra trusted CAs (HUB_CA_FILE), added to Node's default store. */
  caFile?: string;
  userAgent: string;
}

function classifyError(err: unknown): OutboundFailure {
  if (err instanceof BlockedAddressError) return 'blocked';
  const e = err as { code?: unknown; name?: unknown; cause?: { code?: unknown } } | null;
  const code = `${String(e?.code ?? '')} ${String(e?.name ?? '')} ${String(e?.cause?.code ?? '')}`.trim();
  if (/TIMEOUT|TimeoutError/i.test(code)) return 'timeout';
  if (/AbortError|UND_ERR_ABORTED/.test(code)) return 'aborted';
  if (/\b(ENOTFOUND|EAI_\w+|ENODATA|ESERVFAIL)\b/.test(code)) return 'dns';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO|ALTNAME/i.test(code)) return 'tls';
  if (/\bE[A-Z]+\b|UND_ERR_SOCKET/.test(code)) return 'connect';
  return 'protocol';
}

async function readSome(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > limit) break; // leaving the loop destroys the body: nothing more is read
  }
  const all = Buffer.concat(chunks);
  return all.length > limit ? all.subarray(0, limit + 1) : all;
}

/**
 * The hub's only way out to the network: undici with the pinned, SSRF-checked connector, no
 * redirects (undici follows none unless asked), bounded time and bounded reads.
 */
export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const ca = options.caFile ? [...getCACertificates('default'), readFileSync(options.caFile, 'utf8')] : undefined;
  const agent = new Agent({
    connect: createPinnedConnector({
      resolve: options.resolve,
      allow: options.allow,
      connectTimeoutMs: options.connectTimeoutMs,
      ...(ca ? { ca } : {}),
    }),
    connections: options.connectionsPerOrigin,
    pipelining: 1,
    // Long enough to reuse a connection within one fan-out (many callbacks on one host), short
    // enough that thousands of distinct callback hosts do not pile up idle TLS sockets.
    keepAliveTimeout: 1_000,
    keepAliveMaxTimeout: 1_000, // also caps a longer `Keep-Alive: timeout=` hint from the callback
    maxHeaderSize: 16_384,
  });

  return {
    async send(url, init) {
      const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(init.timeoutMs)]) : AbortSignal.timeout(init.timeoutMs);
      try {
        const res = await request(url, {
          dispatcher: agent,
          method: init.method,
          headers: { 'user-agent': options.userAgent, ...init.headers },
          ...(init.body ? { body: init.body } : {}),
          headersTimeout: init.timeoutMs,
          bodyTimeout: init.timeoutMs,
          signal,
        });
        const body = init.readBytes > 0 ? await readSome(res.body, init.readBytes) : Buffer.alloc(0);
        if (init.readBytes === 0) await res.body.dump({ limit: 16_384 }).catch(() => undefined);
        return { ok: true, status: res.statusCode, body };
      } catch (err) {
        const failure = classifyError(err);
        return {
          ok: false,
          failure: init.signal?.aborted ? 'aborted' : failure,
          detail: err instanceof BlockedAddressError ? err.addressClass : String((err as { code?: unknown })?.code ?? failure),
        };
      }
    },
    async close() {
      await Promise.race([agent.close(), new Promise((r) => setTimeout(r, 2_000).unref())]);
      await agent.destroy().catch(() => undefined);
    },
  };
}
