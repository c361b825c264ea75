/**
 * Real HTTPS WebSub subscribers for tests and the hub benchmark.
 *
 * - `createTestCa()` makes a throw-away certificate authority at test time with node:crypto
 *   (ECDSA P-256, X.509 v3 written as DER by hand — no fixtures, no openssl needed) and writes
 *   its certificate to a temp file for NODE_EXTRA_CA_CERTS or HUB_CA_FILE.
 * - `startHttpsSubscriber()` serves a callback endpoint that records every verification GET and
 *   every content delivery; its answers are scripted per path. With `sni: true` each host name
 *   gets its own certificate, issued on first use.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext, type SecureContext } from 'node:tls';

// ---- minimal DER writer (X.690) -------------------------------------------------------------

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : n < 0x10000 ? Buffer.from([0x82, n >> 8, n & 0xff]) : Buffer.from([0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, content]);
}
const seq = (...items: Buffer[]) => der(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => der(0x31, Buffer.concat(items));
const explicit = (n: number, inner: Buffer) => der(0xa0 + n, inner);
const octets = (b: Buffer) => der(0x04, b);
const bits = (b: Buffer, unused = 0) => der(0x03, Buffer.concat([Buffer.from([unused]), b]));
const bool = (v: boolean) => der(0x01, Buffer.from([v ? 0xff : 0]));
const utf8 = (s: string) => der(0x0c, Buffer.from(s, 'utf8'));
function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0 && b[i + 1]! < 0x80) i++;
  const v = b.subarray(i);
  return der(0x02, v[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}
function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}
function time(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return der(0x17, Buffer.from(s, 'ascii'));
}
const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), utf8(cn))));
const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));

function ipBytes(ip: string): Buffer {
  if (ip.includes(':')) {
    const [head = '', tail = ''] = ip.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
    return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
  }
  return Buffer.from(ip.split('.').map(Number));
}

const toPem = (label: string, body: Buffer) => `-----BEGIN ${label}-----\n${body.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;

interface CertSpec {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signingKey: KeyObject;
  ca: boolean;
  dnsNames?: string[];
  ips?: string[];
  authorityKeyId?: Buffer;
}

const spkiCache = new WeakMap<KeyObject, Buffer>();

function buildCertificate(spec: CertSpec): Buffer {
  let spki = spkiCache.get(spec.publicKey);
  if (!spki) spkiCache.set(spec.publicKey, (spki = spec.publicKey.export({ type: 'spki', format: 'der' })));
  const keyId = createHash('sha1').update(spki).digest();
  const now = Date.now();
  const extensions = [
    extension('2.5.29.19', true, spec.ca ? seq(bool(true)) : seq()),
    // keyUsage: CA → digitalSignature, keyCertSign, cRLSign; leaf → digitalSignature
    extension('2.5.29.15', true, spec.ca ? bits(Buffer.from([0x86]), 1) : bits(Buffer.from([0x80]), 7)),
    extension('2.5.29.14', false, octets(keyId)),
  ];
  if (spec.authorityKeyId) extensions.push(extension('2.5.29.35', false, seq(der(0x80, spec.authorityKeyId))));
  if (!spec.ca) {
    extensions.push(extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))));
    const alt = [...(spec.dnsNames ?? []).map((d) => der(0x82, Buffer.from(d, 'ascii'))), ...(spec.ips ?? []).map((ip) => der(0x87, ipBytes(ip)))];
    extensions.push(extension('2.5.29.17', false, seq(...alt)));
  }
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ECDSA_SHA256,
    name(spec.issuer),
    seq(time(new Date(now - 3_600_000)), time(new Date(now + 7 * 86_400_000))),
    name(spec.subject),
    spki,
    explicit(3, seq(...extensions)),
  );
  return seq(tbs, ECDSA_SHA256, bits(sign('sha256', tbs, spec.signingKey)));
}

export interface IssuedCertificate {
  cert: string;
  key: string;
}

export interface TestCa {
  /** The CA certificate (PEM). */
  certPem: string;
  /** A file holding certPem: point NODE_EXTRA_CA_CERTS or HUB_CA_FILE at it. */
  caFile: string;
  /** A server certificate for these DNS names and IP addresses, signed by the CA. */
  issue(dnsNames: string[], ips?: string[]): IssuedCertificate;
  dispose(): void;
}

/** A fresh test CA. Leaf certificates share one key pair (issuing stays cheap for 10,000 hosts). */
export function createTestCa(commonName = 'Shingle Test CA'): TestCa {
  const caKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const leafKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const caDer = buildCertificate({ subject: commonName, issuer: commonName, publicKey: caKeys.publicKey, signingKey: caKeys.privateKey, ca: true });
  const caKeyId = createHash('sha1').update(caKeys.publicKey.export({ type: 'spki', format: 'der' })).digest();
  const certPem = toPem('CERTIFICATE', caDer);
  new X509Certificate(certPem); // fail early if the encoding were wrong
  const dir = mkdtempSync(join(tmpdir(), 'shingle-test-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, certPem);
  const leafKeyPem = leafKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return {
    certPem,
    caFile,
    issue(dnsNames, ips = []) {
      const leaf = buildCertificate({
        subject: dnsNames[0] ?? ips[0] ?? 'subscriber',
        issuer: commonName,
        publicKey: leafKeys.publicKey,
        signingKey: caKeys.privateKey,
        ca: false,
        dnsNames,
        ips,
        authorityKeyId: caKeyId,
      });
      return { cert: toPem('CERTIFICATE', leaf), key: leafKeyPem };
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// ---- the subscriber server ---------------------------------------------------------------------

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startHttpsSubscriber(options: SubscriberOptions): Promise<HttpsSubscriber> {
  const dnsNames = options.dnsNames ?? ['localhost'];
  const ips = options.ips ?? ['127.0.0.1', '::1'];
  const main = options.ca.issue(dnsNames, ips);
  const contexts = new Map<string, SecureContext>();
  const scripts = new Map<string, SubscriberScript>();
  const verifications: VerificationRequest[] = [];
  const notifications: Notification[] = [];
  const notifyCount = new Map<string, number>();

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
        if (!options.countOnly) verifications.push(v);
        const reply = typeof script.verify === 'function' ? script.verify(v) : (script.verify ?? {});
        if (reply === 'hang') return;
        if (reply.delayMs) await sleep(reply.delayMs);
        const body = reply.body === undefined || reply.body === 'echo' ? (url.searchParams.get('hub.challenge') ?? '') : reply.body;
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
        return res.end(body);
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const n: Notification = { path: url.pathname, host, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      const index = notifyCount.get(url.pathname) ?? 0;
      notifyCount.set(url.pathname, index + 1);
      if (!options.countOnly) notifications.push(n);
      options.onNotification?.(n);
      const reply = typeof script.notify === 'function' ? script.notify(n, index) : (script.notify ?? {});
      if (reply === 'hang') return;
      if (reply.delayMs) await sleep(reply.delayMs);
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
    notificationsFor: (path) => notifications.filter((n) => n.path === path),
    verificationsFor: (path) => verifications.filter((v) => v.path === path),
    async waitFor(predicate, what, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
        await sleep(10);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- the real sidecar, in-process, with the hub's test seams ---------------------------------------

export interface HubSidecar {
  /** Where the sidecar listens (http://127.0.0.1:port). */
  url: string;
  /** The public origin the build and the hub use for topic URLs (BASE_URL). */
  baseUrl: string;
  distDir: string;
  dbPath: string;
  hub: import('../../sidecar/hub/create-hub.ts').Hub;
  /** Looks for a new build now (the watcher also polls every 100 ms). */
  checkDist(): Promise<boolean>;
  /** POSTs a form to the hub; returns status, headers and body text. */
  post(fields: Record<string, string> | [string, string][], headers?: Record<string, string>): Promise<{ status: number; body: string; headers: Headers }>;
  close(): Promise<void>;
}

export interface HubSidecarOptions {
  distDir: string;
  dbPath: string;
  /** Extra environment for sidecar/config.ts (HUB_* …). */
  env?: Record<string, string>;
  resolve?: import('../../sidecar/hub/pinned-connector.ts').HostResolver;
  clock?: () => number;
}

/** Test defaults: loopback callbacks allowed, fast retries, generous rate limits, quiet logs. */
export const HUB_TEST_ENV: Record<string, string> = {
  MCP_SESSION_REVOCATION_DB: 'memory',
  HUB_ALLOW_PRIVATE_CALLBACKS: '127.0.0.0/8,::1/128',
  HUB_RETRY_DELAYS: '100ms,200ms,400ms',
  HUB_RETRY_JITTER: '0',
  HUB_VERIFY_TIMEOUT: '1500ms',
  HUB_DELIVERY_TIMEOUT: '1500ms',
  HUB_CONNECT_TIMEOUT: '1s',
  HUB_SUBSCRIBE_RATE: '100000',
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: '1000',
  BUILD_ON_START: 'never',
  WATCH_INTERVAL_MS: '100',
  LOG_REQUESTS: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
};

/**
 * The real sidecar application (createApp + createHub + snapshot watcher + HTTP server), composed
 * like sidecar/main.ts but in this process, so tests can inject the hub's DNS resolver and clock.
 * HUB_LOG=1 prints the sidecar's log lines to stderr.
 */
export async function startHubSidecar(options: HubSidecarOptions): Promise<HubSidecar> {
  const [{ parseConfig }, { loadSnapshot }, { createSnapshotSource }, { watchDist }, { createHub }, { createApp }, { createMcpHandler }, { startServer }, { createLogger, silentLogger }] =
    await Promise.all([
      import('../../sidecar/config.ts'),
      import('../../sidecar/data/load-snapshot.ts'),
      import('../../sidecar/data/snapshot-source.ts'),
      import('../../sidecar/data/watch-dist.ts'),
      import('../../sidecar/hub/create-hub.ts'),
      import('../../sidecar/app.ts'),
      import('../../sidecar/mcp/create-mcp-handler.ts'),
      import('../../sidecar/server.ts'),
      import('../../sidecar/logger.ts'),
    ]);
  const parsed = parseConfig({ ...HUB_TEST_ENV, DIST_DIR: options.distDir, HUB_DB_PATH: options.dbPath, ...options.env });
  if (!parsed.success) throw new Error(`config: ${JSON.stringify(parsed.error.issues)}`);
  const config = parsed.data;
  const logger = process.env.HUB_LOG ? createLogger((l) => process.stderr.write(`${l}\n`)) : silentLogger;
  const snapshots = createSnapshotSource(await loadSnapshot(options.distDir));
  const hub = await createHub({ snapshots, config, logger, ...(options.resolve ? { resolve: options.resolve } : {}), ...(options.clock ? { clock: options.clock } : {}) });
  const now = () => performance.now();
  const mcpHandler = createMcpHandler({ snapshots, config, logger, now });
  const app = createApp({ snapshots, config, logger, mcpHandler, hub, now });
  const watcher = watchDist(options.distDir, snapshots, { intervalMs: config.WATCH_INTERVAL_MS, logger });
  const running = await startServer(app.listener, config, config.HOST, config.PORT);
  const hubUrl = `${running.url}/api/websub/hub`;
  return {
    url: running.url,
    baseUrl: config.BASE_URL,
    distDir: options.distDir,
    dbPath: options.dbPath,
    hub,
    checkDist: () => watcher.check(),
    async post(fields, headers = {}) {
      const res = await fetch(hubUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
      return { status: res.status, body: await res.text(), headers: res.headers };
    },
    async close() {
      watcher.close();
      app.close();
      await running.shutdown(1_000);
      await hub.close();
    },
  };
}

// ---- content and build helpers ------------------------------------------------------------------

const ROOT = join(import.meta.dirname, '..', '..');

/** A private copy of content/ (and optionally of a built dist/) under a fresh temp folder. */
export async function makeWorkspace(sourceDist?: string): Promise<{ dir: string; contentDir: string; distDir: string; dbPath: string; dispose(): void }> {
  const { cpSync } = await import('node:fs');
  const dir = mkdtempSync(join(tmpdir(), 'shingle-hub-'));
  const contentDir = join(dir, 'content');
  const distDir = join(dir, 'dist');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  if (sourceDist) cpSync(sourceDist, distDir, { recursive: true });
  return { dir, contentDir, distDir, dbPath: join(dir, 'hub.db'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

let reviewCounter = 0;

/** Appends one verified review to the content folder (date defaults to the newest review's date). */
export async function addReview(contentDir: string, fields: { date?: string; text?: string } = {}): Promise<string> {
  const { appendFileSync, readFileSync, readdirSync } = await import('node:fs');
  const files = readdirSync(join(contentDir, 'reviews')).filter((f) => f.endsWith('.jsonl')).sort();
  const last = files.at(-1)!;
  const lines = readFileSync(join(contentDir, 'reviews', last), 'utf8').trim().split('\n');
  const newest = (JSON.parse(lines.at(-1)!) as { date: string }).date;
  const date = fields.date ?? newest;
  const id = `r-${date.slice(0, 4)}-9${String(process.pid % 1000).padStart(3, '0')}${++reviewCounter}`;
  const review = {
    id,
    date,
    rating: 5,
    text: fields.text ?? `WebSub test review ${id}: the crew fixed the flashing and cleaned up every nail.`,
    author: 'Test R.',
    source: { platform: 'website' },
    language: 'en',
    verification: { status: 'verified', method: 'job-match', verifiedOn: date, reference: `JOB-T-${reviewCounter}` },
  };
  const target = files.find((f) => f.startsWith(date.slice(0, 4))) ?? last;
  appendFileSync(join(contentDir, 'reviews', target), `${JSON.stringify(review)}\n`);
  return id;
}

/** `node scripts/build.ts` into `distDir` from `contentDir` (a child process, like REBUILD_CRON). */
export async function buildDist(contentDir: string, distDir: string, baseUrl = 'http://localhost:4321'): Promise<void> {
  const { execFile } = await import('node:child_process');
  const { relative } = await import('node:path');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts', 'build.ts')],
      { cwd: ROOT, env: { ...process.env, CONTENT_DIR: relative(ROOT, contentDir), DIST_DIR: distDir, BASE_URL: baseUrl }, maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) => (err ? reject(new Error(`build failed: ${stderr || err.message}`)) : resolve()),
    );
  });
}

/** Rows of the hub database, read through a second read-only connection (WAL allows it). */
export async function readHubDb<T = Record<string, unknown>>(dbPath: string, sql: string, ...params: (string | number)[]): Promise<T[]> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
