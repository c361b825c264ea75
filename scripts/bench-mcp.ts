/**
 * MCP benchmark (`npm run bench -- mcp`, or `node scripts/bench-mcp.ts [--reviews N] [--seconds S]
 * [--concurrency C]`): tools/call search_reviews latency p50/p99 at 100k generated reviews — engine
 * alone, through the MCP server without HTTP, over HTTP from one client — and calls/s over HTTP with
 * 20 concurrent clients, each in its own session. The server is the real app (createApp with the
 * real MCP router) in a child process, so client work does not share its CPU.
 */
import { spawn } from 'node:child_process';
import { createSecretKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Router } from 'express';
import { Pool } from 'undici';
import { parseBusiness } from '../core/content/parse-content.ts';
import { extractMentions } from '../core/insights/extract-mentions.ts';
import { buildSiteModel } from '../core/model/build-site-model.ts';
import { SearchQuerySchema, type SearchQueryInput } from '../core/search/search-query-schema.ts';
import { createApp } from '../sidecar/app.ts';
import { parseConfig } from '../sidecar/config.ts';
import { createSnapshotSource } from '../sidecar/data/snapshot-source.ts';
import type { Snapshot } from '../sidecar/data/snapshot.ts';
import { silentLogger } from '../sidecar/logger.ts';
import { buildMcpServer } from '../sidecar/mcp/build-mcp-server.ts';
import { createMcpHandler } from '../sidecar/mcp/create-mcp-handler.ts';
import { dispatchRequest } from '../sidecar/mcp/http/dispatch-request.ts';
import { createCursorCodec } from '../sidecar/mcp/internal/cursor-codec.ts';
import { createToolCatalog } from '../sidecar/mcp/tools/register-tools.ts';
import { emptyInsights } from './lib/bench/empty-insights.ts';
import { inMemorySnapshot } from './lib/bench/in-memory-snapshot.ts';
import { latencySummary } from './lib/bench/percentile.ts';
import { DATASET_SEED } from './lib/bench/prepare-dataset.ts';
import { printTable } from './lib/bench/print-table.ts';
import { readyWithin } from './lib/wait-until-ready.ts';
import { generateReviews } from './lib/generate-reviews.ts';
import { createRandom, type Random } from '../core/random/create-random.ts';
import { pick } from './lib/random.ts';

type Rows = Record<string, string | number>[];
const ROOT = resolve(import.meta.dirname, '..');
const BASE_URL = 'https://reviews.example';
const SECRET = 'bench-mcp-session-secret-0123456789abcdef';

export interface McpBenchOptions {
  reviews: number;
  /** Length of each concurrent run. */
  seconds: number;
  concurrency: number;
}

/** The query mix: filter-only, text (one word, phrase, inside a word), mentions, ranges, combined, big pages. */
const QUERIES: SearchQueryInput[] = [
  { rating: 5 },
  { min_rating: 4, since: '2024-01-01' },
  { query: 'leak' },
  { query: 'no leaks since' },
  { query: 'agnet' },
  { mentions_technician: 'Marco' },
  { mentions_technician: 'Big Dave', rating: 1 },
  { mentions_service: 'gutters', since: '2025-01-01', until: '2025-06-30' },
  { query: 'insurance', min_rating: 3, mentions_service: 'roof-replacement' },
  { query: 'crew', mentions_technician: 'tomasz', until: '2023-12-31' },
  { limit: 100 },
  { query: 'roof', limit: 100 },
];

/** `count` generated reviews as a Snapshot (mentions extracted as the build does; insights left empty). */
function generatedSnapshot(count: number): Snapshot {
  const businessText = readFileSync(join(ROOT, 'content/business.json'), 'utf8');
  const business = parseBusiness({ path: 'content/business.json', text: businessText });
  const records = [...generateReviews(createRandom(DATASET_SEED), business, count, '2026-11-15')];
  const model = buildSiteModel({ business, records: records.map((record, i) => ({ record, file: 'generated', line: i + 1 })) }, BASE_URL, {
    extractMentions,
    buildInsights: emptyInsights({ engine: 'none', description: 'not computed for the MCP benchmark' }),
  });
  return inMemorySnapshot(model, BASE_URL, `generated-${count}`, '(generated)');
}

/** In the server process: engine and MCP-without-HTTP latency over the query mix. */
async function measureInProcess(snapshot: Snapshot, calls: number): Promise<Record<string, { p50: string; p99: string }>> {
  const rnd = createRandom(7);
  const engine: number[] = [];
  const mcp: number[] = [];
  const context = { snapshot, cursors: createCursorCodec(createSecretKey(Buffer.alloc(32, 1))) };
  const catalog = createToolCatalog();
  for (let i = 0; i < calls + 200; i++) {
    const args = pick(rnd, QUERIES);
    let t = performance.now();
    snapshot.search.search(SearchQuerySchema.parse(args));
    if (i >= 200) engine.push(performance.now() - t);
    t = performance.now();
    const server = buildMcpServer({ context, catalog, logger: silentLogger });
    await dispatchRequest(server, { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_reviews', arguments: args } });
    if (i >= 200) mcp.push(performance.now() - t);
  }
  return { engine: latencySummary(engine), mcp: latencySummary(mcp) };
}

/** Server mode: build the data, measure in-process, then serve the real app and report on stdout. */
async function serve(count: number): Promise<void> {
  const started = performance.now();
  const snapshot = generatedSnapshot(count);
  const buildSeconds = (performance.now() - started) / 1000;
  const inProcess = await measureInProcess(snapshot, 2000);
  const parsed = parseConfig({
    BASE_URL,
    LOG_REQUESTS: 'false',
    SERVE_STATIC: 'false',
    MCP_SESSION_SECRET: SECRET,
    MCP_SESSION_REVOCATION_DB: 'memory',
    // The clients share one address: with the per-client limit (1,200 a minute) the bench measured 429s.
    DYNAMIC_RATE_LIMIT_MAX: '0',
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  const snapshots = createSnapshotSource(snapshot);
  const mcpHandler = createMcpHandler({ snapshots, config: parsed.data, logger: silentLogger });
  const app = createApp({ snapshots, config: parsed.data, logger: silentLogger, mcpHandler, hub: { router: Router(), onSnapshot() {} } });
  const server = createServer({ keepAliveTimeout: 60_000 }, app.listener).listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    const rssMb = Math.round(process.memoryUsage().rss / 1e6);
    process.stdout.write(
      `${JSON.stringify({ event: 'bench_ready', url: `http://127.0.0.1:${port}`, reviews: snapshot.reviewsDocument.reviews.length, buildSeconds, rssMb, inProcess })}\n`,
    );
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A JSON-RPC exchange; the body is returned as text (parsing 100 reviews per call would load the client, not the server). */
async function rpc(pool: Pool, body: unknown, session?: string): Promise<{ status: number; session: string | undefined; text: string }> {
  const res = await pool.request({
    path: '/mcp',
    method: 'POST',
    headers: { ...HEADERS, ...(session && { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' }) },
    body: JSON.stringify(body),
  });
  const text = await res.body.text();
  const renewed = res.headers['mcp-session-id'];
  return { status: res.statusCode, session: typeof renewed === 'string' ? renewed : undefined, text };
}

/** Errors show as these members at the top level; inside strings their quotes would be escaped. */
function failed(res: { status: number; text: string }): boolean {
  return res.status !== 200 || res.text.includes('"error":{') || res.text.includes('"isError":true');
}

/** One benchmark client: its own session, then calls until `until` (ms), recording each latency. */
async function client(pool: Pool, rnd: Random, method: 'search' | 'ping', until: number, latencies: number[], maxCalls = Infinity): Promise<void> {
  const init = await rpc(pool, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  let session = init.session!;
  for (let i = 1; performance.now() < until && i <= maxCalls; i++) {
    const body =
      method === 'ping'
        ? { jsonrpc: '2.0', id: i, method: 'ping' }
        : { jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_reviews', arguments: pick(rnd, QUERIES) } };
    const t = performance.now();
    const res = await rpc(pool, body, session);
    latencies.push(performance.now() - t);
    if (failed(res)) throw new Error(`call failed: ${res.status} ${res.text.slice(0, 300)}`);
    session = res.session ?? session;
  }
}

async function concurrentRun(url: string, concurrency: number, seconds: number, method: 'search' | 'ping'): Promise<Record<string, string | number>> {
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const warm: number[] = [];
  await Promise.all(Array.from({ length: concurrency }, (_, c) => client(pool, createRandom(100 + c), method, performance.now() + 1000, warm)));
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, c) => client(pool, createRandom(200 + c), method, started + seconds * 1000, latencies)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { calls: latencies.length, 'calls/s': Math.round(latencies.length / elapsed), ...latencySummary(latencies) };
}

/** Starts the server process, runs the client side, and returns the tables. */
export async function runMcpBench(options: Partial<McpBenchOptions> = {}): Promise<Record<string, Rows>> {
  const { reviews, seconds, concurrency } = { reviews: 100_000, seconds: 10, concurrency: 20, ...options };
  const loadAtStart = loadavg()[0]!.toFixed(1);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/bench-mcp.ts'), '--serve', '--reviews', String(reviews)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const ready = await readyWithin(
      'MCP bench server',
      child,
      new Promise<{
        url: string;
        reviews: number;
        buildSeconds: number;
        rssMb: number;
        inProcess: Record<string, { p50: string; p99: string }>;
      }>((done) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (line.includes('"bench_ready"')) done(JSON.parse(line));
        });
      }),
    );
    const sequential: number[] = [];
    const pool = new Pool(ready.url, { connections: 1 });
    await client(pool, createRandom(11), 'search', Infinity, [], 300);
    await client(pool, createRandom(12), 'search', Infinity, sequential, 2000);
    await pool.close();
    const search = await concurrentRun(ready.url, concurrency, seconds, 'search');
    const ping = await concurrentRun(ready.url, concurrency, seconds, 'ping');
    return {
      [`search_reviews latency at ${ready.reviews} published reviews (ms)`]: [
        { path: 'engine.search only (in-process)', ...ready.inProcess.engine, 'calls/s': '' },
        { path: 'tools/call, fresh McpServer + transport, no HTTP', ...ready.inProcess.mcp, 'calls/s': '' },
        { path: 'tools/call over HTTP, 1 client', ...latencySummary(sequential), 'calls/s': '' },
        { path: `tools/call over HTTP, ${concurrency} clients, ${seconds} s`, p50: search.p50!, p99: search.p99!, 'calls/s': search['calls/s']! },
        { path: `ping over HTTP, ${concurrency} clients (per-request floor)`, p50: ping.p50!, p99: ping.p99!, 'calls/s': ping['calls/s']! },
      ],
      setup: [
        {
          reviews: ready.reviews,
          'data build s': ready.buildSeconds.toFixed(1),
          'server RSS MB (ready)': ready.rssMb,
          'query mix': QUERIES.length,
          // Client and server share this machine: read the numbers with its size and load in mind.
          cpus: cpus().length,
          'load avg 1 min (start/end)': `${loadAtStart}/${loadavg()[0]!.toFixed(1)}`,
        },
      ],
    };
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { serve: { type: 'boolean' }, reviews: { type: 'string' }, seconds: { type: 'string' }, concurrency: { type: 'string' } },
  });
  if (values.serve) await serve(Number(values.reviews ?? 100_000));
  else {
    const tables = await runMcpBench({
      ...(values.reviews && { reviews: Number(values.reviews) }),
      ...(values.seconds && { seconds: Number(values.seconds) }),
      ...(values.concurrency && { concurrency: Number(values.concurrency) }),
    });
    for (const [title, rows] of Object.entries(tables)) printTable(`mcp: ${title}`, rows);
  }
}
