/**
 * Flood benchmark (`npm run bench -- flood`, issue 12 item 2): the latency of `GET /reviews.json`
 * while 100 wrk connections flood the dynamic endpoints with distinct searches and since dates
 * (every request a new cache key: a new search, body, hash and, with `Accept-Encoding: br`, a
 * compression). A probe in this process asks for /reviews.json back to back and records each
 * latency; the table gives its p50/p99/max with and without the flood, and what the flood got.
 *
 * On the sample content and on a generated 10k-review business (built as bench-sidecar does).
 * FLOOD_SIDECAR_ROOT=/path/to/other/checkout runs that checkout's sidecar instead (for a
 * before/after comparison against an older commit); FLOOD_SECONDS sets the duration (default 10).
 * Needs wrk (Debian package `wrk`).
 */
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'undici';
import { DEFAULT_BASE_URL } from '../core/build/build-options.ts';
import type { ReviewsDocument } from '../core/schemas/reviews-document-schema.ts';
import { percentile } from './lib/bench/percentile.ts';
import { prepareDataset } from './lib/bench/prepare-dataset.ts';
import { printTable } from './lib/bench/print-table.ts';
import { hasWrk, runWrk } from './lib/bench/run-wrk.ts';
import { startSidecarProcess, type SidecarProcess } from './lib/bench/start-sidecar-process.ts';

type Row = Record<string, string | number>;
const ROOT = resolve(import.meta.dirname, '..');
const WORK = join(ROOT, '.tmp', 'bench-flood');
const SIDECAR_ROOT = process.env.FLOOD_SIDECAR_ROOT ? resolve(process.env.FLOOD_SIDECAR_ROOT) : ROOT;
const SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
/** Flood connections: far more than the sidecar's dynamic-request concurrency, so it must queue or refuse. */
const FLOOD_CONNECTIONS = 100;

/**
 * wrk script: odd requests a search with a random 2–4 letter substring, random min_rating and
 * limit; even requests a since date with `Accept-Encoding: br`, half inside the data's date range,
 * half any day since the year 1000. Status counts are printed per thread at the end.
 */
function floodScript(oldestYear: number, newestYear: number): string {
  return `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) codes = {} n = 0 math.randomseed(os.time() + math.random(1, 100000)) end
local letters = "abcdefghijklmnopqrstuvwxyz"
local function word()
  local s = ""
  for i = 1, math.random(2, 4) do local k = math.random(1, 26) s = s .. letters:sub(k, k) end
  return s
end
function request()
  n = n + 1
  if n % 2 == 1 then
    return wrk.format("GET", "/api/reviews/search?query=" .. word() .. "&min_rating=" .. math.random(1, 5) .. "&limit=" .. math.random(1, 100), { ["Accept-Encoding"] = "br, gzip" })
  end
  local year = (n % 4 == 0) and math.random(${oldestYear}, ${newestYear}) or math.random(1000, ${newestYear})
  local date = string.format("%04d-%02d-%02d", year, math.random(1, 12), math.random(1, 28))
  return wrk.format("GET", "/api/reviews/since/" .. date, { ["Accept-Encoding"] = "br, gzip" })
end
function response(status, headers, body) codes[status] = (codes[status] or 0) + 1 end
function done(summary, latency, requests)
  for _, t in ipairs(threads) do
    local c = t:get("codes")
    for k, v in pairs(c) do io.write(string.format("status %d %d\\n", k, v)) end
  end
end
`;
}

/** The sidecar of SIDECAR_ROOT as `npm start` runs it, quiet, on a built dist/. */
function startSidecar(dist: string, env: Record<string, string>): Promise<SidecarProcess> {
  return startSidecarProcess({
    root: SIDECAR_ROOT,
    nodeFlags: ['--max-semi-space-size=16'],
    env: {
      DIST_DIR: dist,
      BUILD_ON_START: 'never',
      HOST: '127.0.0.1',
      PORT: '0',
      BASE_URL: DEFAULT_BASE_URL,
      WATCH_INTERVAL_MS: '0',
      LOG_REQUESTS: 'false',
      MCP_SESSION_REVOCATION_DB: 'memory',
      ...env,
    },
    keepEvents: false,
  });
}

/** GET /reviews.json (gzip) back to back on one keep-alive connection until `until`; each latency in ms. */
async function probe(port: number, until: number): Promise<number[]> {
  const client = new Client(`http://127.0.0.1:${port}`, { pipelining: 1 });
  const times: number[] = [];
  try {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await client.request({ path: '/reviews.json', method: 'GET', headers: { 'accept-encoding': 'gzip' } });
      await res.body.dump();
      if (res.statusCode !== 200) throw new Error(`/reviews.json answered ${res.statusCode} under load`);
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await client.close();
  }
  return times.sort((a, b) => a - b);
}

/** Runs wrk (1 thread, 100 connections) with the flood script; returns its status counts and rate. */
async function flood(port: number, script: string, seconds: number): Promise<{ codes: Record<string, number>; rps: number }> {
  const { output, rps } = await runWrk({ port, script, seconds, connections: FLOOD_CONNECTIONS });
  const codes: Record<string, number> = {};
  for (const m of output.matchAll(/^status (\d+) (\d+)$/gm)) codes[m[1]!] = (codes[m[1]!] ?? 0) + Number(m[2]);
  return { codes, rps };
}

async function measure(dataset: { name: string; dist: string }, label: string, env: Record<string, string>): Promise<Row[]> {
  const { reviews } = JSON.parse(readFileSync(join(dataset.dist, 'reviews.json'), 'utf8')) as ReviewsDocument;
  const script = join(WORK, 'flood.lua');
  writeFileSync(script, floodScript(Number(reviews.at(-1)!.date.slice(0, 4)), Number(reviews[0]!.date.slice(0, 4))));
  const sidecar = await startSidecar(dataset.dist, env);
  const { port } = sidecar;
  try {
    await probe(port, performance.now() + 1000); // warm-up
    const quiet = await probe(port, performance.now() + SECONDS * 1000);
    const load = loadavg()[0]!.toFixed(2);
    const flooding = flood(port, script, SECONDS);
    await new Promise((r) => setTimeout(r, 500));
    const busy = await probe(port, performance.now() + (SECONDS - 1) * 1000);
    const { codes, rps } = await flooding;
    const row = (what: string, times: number[], extra: Row): Row => ({
      dataset: dataset.name,
      sidecar: label,
      load: what,
      probes: times.length,
      'reviews.json p50 ms': percentile(times, 50).toFixed(1),
      'p99 ms': percentile(times, 99).toFixed(1),
      'max ms': times.at(-1)!.toFixed(1),
      ...extra,
    });
    return [
      row('quiet', quiet, { 'flood req/s': '', 'flood statuses': '', loadavg1: load }),
      row('flood c100', busy, {
        'flood req/s': Math.round(rps),
        'flood statuses': Object.entries(codes)
          .map(([k, v]) => `${k}:${v}`)
          .join(' '),
        loadavg1: loadavg()[0]!.toFixed(2),
      }),
    ];
  } finally {
    await sidecar.stop();
  }
}

export async function runFloodBench(): Promise<Row[]> {
  if (!hasWrk()) throw new Error('wrk is not installed (Debian package: wrk)');
  mkdirSync(WORK, { recursive: true });
  const label = SIDECAR_ROOT === ROOT ? 'this checkout' : SIDECAR_ROOT;
  const rows: Row[] = [];
  for (const [name, count] of [
    ['sample', null],
    ['10k', 10_000],
  ] as const) {
    const dataset = await prepareDataset(name, count);
    rows.push(...(await measure(dataset, `${label} (defaults)`, {})));
    if (SIDECAR_ROOT === ROOT) rows.push(...(await measure(dataset, `${label} (DYNAMIC_RATE_LIMIT_MAX=0)`, { DYNAMIC_RATE_LIMIT_MAX: '0' })));
  }
  return rows;
}

if (import.meta.main) printTable('flood: /reviews.json latency under a flood of distinct searches and since dates', await runFloodBench());
