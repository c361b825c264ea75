/**
 * A real HTTPS WebSub subscriber: serves a callback endpoint that records every verification GET and
 * every content delivery; its answers are scripted per path. With `sni: true` each host name gets
 * its own certificate from the test CA, issued on first use.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import type { TestCa } from '../../scripts/lib/test-ca.ts';

export { createTestCa, type IssuedCertificate, type TestCa } from '../../scripts/lib/test-ca.ts';

export interface VerificationRequest {
  path: string;
  host: string;
  query: URLSearchParams;
  rawQuery: string;
  at: number;
}

export interface Notification {
  path: string;
  host: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/** How to answer a verification GET: `echo` the challenge (default), a fixed body, or never (`hang`). */
export type VerifyReply = { status?: number; body?: string | 'echo'; headers?: Record<string, string>; delayMs?: number } | 'hang';
/** How to answer a delivery POST (default 204). */
export type NotifyReply = { status?: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

export interface SubscriberScript {
  verify?: VerifyReply | ((req: VerificationRequest) => VerifyReply);
  notify?: NotifyReply | ((n: Notification, index: number) => NotifyReply);
}

export interface HttpsSubscriber {
  port: number;
  /** `https://<host>:<port><path>`; host defaults to the first DNS name. */
  url(path: string, host?: string): string;
  verifications: VerificationRequest[];
  notifications: Notification[];
  /** Scripts the answers for one path (exact match, without the query string). */
  script(path: string, script: SubscriberScript): void;
  notificationsFor(path: string): Notification[];
  verificationsFor(path: string): VerificationRequest[];
  /** Polls until `predicate` holds (default 10 s), else throws with `what`. */
  waitFor(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface SubscriberOptions {
  ca: TestCa;
  dnsNames?: string[];
  ips?: string[];
  /** Issue a separate certificate for every SNI host name on first use (benchmark: one per subscriber). */
  sni?: boolean;
  host?: string;
  /** Keep only counts, not the requests (benchmark). */
  countOnly?: boolean;
  onNotification?: (n: Notification) => void;
}

/** Checks a `waitFor` predicate again this often when no request arrives (it may look at a database row). */
const RECHECK_MS = 100;
/** A scripted slow answer: the subscriber's behaviour under test (delayMs), not a wait of the test. */
const answerLate = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startHttpsSubscriber(options: SubscriberOptions): Promise<HttpsSubscriber> {
  const dnsNames = options.dnsNames ?? ['localhost'];
  const ips = options.ips ?? ['127.0.0.1', '::1'];
  const main = options.ca.issue(dnsNames, ips);
  const contexts = new Map<string, SecureContext>();
  const scripts = new Map<string, SubscriberScript>();
  const verifications: VerificationRequest[] = [];
  const notifications: Notification[] = [];
  const notifyCount = new Map<string, number>();
  // Requests by path (a 500-subscriber fan-out asks for each path's requests on every check), and the
  // waiters to wake when one arrives.
  const verificationsByPath = new Map<string, VerificationRequest[]>();
  const notificationsByPath = new Map<string, Notification[]>();
  const waiters = new Set<() => void>();
  const record = <T extends { path: string }>(all: T[], byPath: Map<string, T[]>, item: T) => {
    all.push(item);
    byPath.set(item.path, [...(byPath.get(item.path) ?? []), item]);
    for (const wake of waiters) wake();
  };

  const server: Server = createServer(
    {
      cert: main.cert,
      key: main.key,
      ...(options.sni
        ? {
            SNICallback: (servername: string, cb: (err: Error | null, ctx?: SecureContext) => void) => {
              let ctx = contexts.get(servername);
              if (!ctx) {
                const issued = options.ca.issue([servername]);
                ctx = createSecureContext({ cert: issued.cert, key: issued.key });
                contexts.set(servername, ctx);
              }
              cb(null, ctx);
            },
          }
        : {}),
    },
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'https://subscriber.invalid');
      const host = (req.headers.host ?? '').replace(/:\d+$/, '');
      const script = scripts.get(url.pathname) ?? {};
      if (req.method === 'GET') {
        const v: VerificationRequest = { path: url.pathname, host, query: url.searchParams, rawQuery: url.search.slice(1), at: Date.now() };
        if (!options.countOnly) record(verifications, verificationsByPath, v);
        const reply = typeof script.verify === 'function' ? script.verify(v) : (script.verify ?? {});
        if (reply === 'hang') return;
        if (reply.delayMs) await answerLate(reply.delayMs);
        const body = reply.body === undefined || reply.body === 'echo' ? (url.searchParams.get('hub.challenge') ?? '') : reply.body;
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
        return res.end(body);
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const n: Notification = { path: url.pathname, host, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      const index = notifyCount.get(url.pathname) ?? 0;
      notifyCount.set(url.pathname, index + 1);
      if (!options.countOnly) record(notifications, notificationsByPath, n);
      options.onNotification?.(n);
      const reply = typeof script.notify === 'function' ? script.notify(n, index) : (script.notify ?? {});
      if (reply === 'hang') return;
      if (reply.delayMs) await answerLate(reply.delayMs);
      res.writeHead(reply.status ?? 204, reply.headers ?? {});
      res.end();
    },
  );
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: (path, host = dnsNames[0] ?? '127.0.0.1') => `https://${host}:${port}${path}`,
    verifications,
    notifications,
    script: (path, s) => void scripts.set(path, s),
    notificationsFor: (path) => notificationsByPath.get(path) ?? [],
    verificationsFor: (path) => verificationsByPath.get(path) ?? [],
    // Checks again when a request arrives, and every 100 ms for predicates that look at something else
    // (a database row, a log line); no busy polling while hundreds of deliveries come in.
    async waitFor(predicate, what, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        await new Promise<void>((wake) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            wake();
          };
          const timer = setTimeout(done, RECHECK_MS); // the fallback for predicates on something other than requests
          waiters.add(done);
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
