/**
 * Ranked search benchmark (`npm run bench -- find`, or `node --expose-gc scripts/bench-find.ts`):
 * at 100k generated reviews (scripts/lib/bench/prepare-dataset.ts, seed 1), the time to build the find engine, the
 * extra memory it holds, and in-process latency of 1–3-word queries with typos, p50/p99 against
 * the budgets (p50 ≤ 5 ms, p99 ≤ 25 ms, build ≤ 10 s, heap ≤ 150 MB). For comparison, the same
 * queries on a plain minisearch index with one document per review (prefix, fuzzy, AND).
 * BENCH_QUICK=1 uses 10k reviews and fewer queries.
 */
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import { createFindEngine } from '../core/find/create-find-engine.ts';
import { FIND_OPTIONS } from '../core/find/find-options.ts';
import { extractMentions } from '../core/insights/extract-mentions.ts';
import { toPublicBusiness } from '../core/model/build-site-model.ts';
import { publishReviews } from '../core/model/publish-reviews.ts';
import type { Business } from '../core/schemas/business-schema.ts';
import type { Review } from '../core/schemas/review-schema.ts';
import { readContentDir } from '../site/lib/read-content-dir.ts';
import { createRandom, type Random } from '../core/random/create-random.ts';
import { percentile } from './lib/bench/percentile.ts';
import { generatedContent } from './lib/bench/prepare-dataset.ts';
import { printTable } from './lib/bench/print-table.ts';

type Row = Record<string, string | number>;
const QUICK = process.env.BENCH_QUICK === '1';
const COUNT = QUICK ? 10_000 : 100_000;
const QUERIES = QUICK ? 300 : 2000;
// A forced collection before each heap reading, also when run without --expose-gc (as npm run bench does).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (() => void) | undefined;
const heapMb = () => {
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
};

async function loadReviews(): Promise<{ reviews: Review[]; business: Business }> {
  const content = readContentDir(await generatedContent(COUNT));
  const { reviews } = publishReviews(content.records, content.business, 'http://localhost:4321', extractMentions);
  return { reviews, business: toPublicBusiness(content.business) };
}

/** One edit (drop, double, swap or replace a letter) in words of 5+ letters: the typos people make. */
function typo(word: string, random: Random): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 4);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i] + word.slice(i);
  if (kind === 2) return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
  return word.slice(0, i) + 'aeiou'[Math.floor(random() * 5)] + word.slice(i + 1);
}

/** 1–3-word queries from the reviews' own words and the catalog's names, half the words with a typo. */
function makeQueries(reviews: Review[], business: Business, count: number, random: Random): string[] {
  const words: string[] = [];
  for (let i = 0; i < 500; i++) words.push(...reviews[Math.floor(random() * reviews.length)]!.text.split(/[^\p{L}]+/u).filter((w) => w.length >= 3));
  for (const t of business.technicians) words.push(t.name, ...t.aliases);
  for (const s of business.services) words.push(...s.name.split(' '));
  for (const a of business.serviceAreas) words.push(a.name);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = 1 + Math.floor(random() * 3);
    const q: string[] = [];
    for (let k = 0; k < n; k++) {
      const w = words[Math.floor(random() * words.length)]!;
      q.push(random() < 0.5 ? typo(w, random) : w);
    }
    out.push(q.join(' '));
  }
  return out;
}

function time(queries: string[], run: (q: string) => unknown): { p50: number; p99: number; max: number } {
  for (const q of queries.slice(0, 50)) run(q); // warm-up
  const times = queries.map((q) => {
    const start = performance.now();
    run(q);
    return performance.now() - start;
  });
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

export async function runFindBench(): Promise<Record<string, Row[]>> {
  const { reviews, business } = await loadReviews();
  const queries = makeQueries(reviews, business, QUERIES, createRandom(7));
  const before = heapMb();
  const started = performance.now();
  const engine = createFindEngine(reviews, business);
  const buildMs = performance.now() - started;
  const extra = heapMb() - before;
  const ours = time(queries, (q) => engine.find({ q, limit: 20 }));
  const rows: Row[] = [
    {
      engine: 'find engine (chosen)',
      reviews: reviews.length,
      queries: queries.length,
      'build s': (buildMs / 1000).toFixed(2),
      'extra heap MB': extra.toFixed(0),
      'p50 ms': ours.p50.toFixed(2),
      'p99 ms': ours.p99.toFixed(2),
      'max ms': ours.max.toFixed(1),
    },
  ];
  if (process.env.BENCH_FIND_NAIVE !== '0') rows.push(naiveRow(reviews, queries.slice(0, QUICK ? 100 : 200)));
  const budget: Row[] = [
    { measure: 'p50 latency', budget: '≤ 5 ms', measured: `${ours.p50.toFixed(2)} ms`, ok: ours.p50 <= 5 ? 'yes' : 'NO' },
    { measure: 'p99 latency', budget: '≤ 25 ms', measured: `${ours.p99.toFixed(2)} ms`, ok: ours.p99 <= 25 ? 'yes' : 'NO' },
    { measure: 'index build', budget: '≤ 10 s', measured: `${(buildMs / 1000).toFixed(2)} s`, ok: buildMs <= 10_000 ? 'yes' : 'NO' },
    { measure: 'extra heap', budget: '≤ 150 MB', measured: `${extra.toFixed(0)} MB`, ok: extra <= 150 ? 'yes' : 'NO' },
  ];
  const machine: Row[] = [
    {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      'load avg 1/5/15 min': loadavg()
        .map((l) => l.toFixed(2))
        .join(' / '),
      gc: gc ? 'forced before heap readings' : 'not exposed (run with --expose-gc)',
    },
  ];
  return {
    [`${reviews.length} reviews, options ${JSON.stringify({ fuzzy: `1 from ${FIND_OPTIONS.fuzzyMinLength}, 2 from ${FIND_OPTIONS.fuzzy2MinLength}`, prefix: `last word from ${FIND_OPTIONS.prefixMinLength}` })}`]:
      rows,
    budgets: budget,
    machine,
  };
}

/** The plain way, for comparison: one minisearch document per review, prefix + fuzzy 0.2, AND. */
function naiveRow(reviews: Review[], queries: string[]): Row {
  const before = heapMb();
  const started = performance.now();
  const ms = new MiniSearch<{ id: number; text: string; technicians: string; services: string; area: string }>({
    fields: ['text', 'technicians', 'services', 'area'],
    storeFields: [],
  });
  ms.addAll(
    reviews.map((r, id) => ({
      id,
      text: r.text,
      technicians: r.technicians.map((t) => t.name).join(' '),
      services: r.services.map((s) => s.name).join(' '),
      area: r.serviceArea?.name ?? '',
    })),
  );
  const buildMs = performance.now() - started;
  const extra = heapMb() - before;
  const t = time(queries, (q) => ms.search(q, { prefix: true, fuzzy: 0.2, combineWith: 'AND', boost: { technicians: 3, services: 2 } }).slice(0, 20));
  return {
    engine: 'minisearch, a document per review',
    reviews: reviews.length,
    queries: queries.length,
    'build s': (buildMs / 1000).toFixed(2),
    'extra heap MB': extra.toFixed(0),
    'p50 ms': t.p50.toFixed(2),
    'p99 ms': t.p99.toFixed(2),
    'max ms': t.max.toFixed(1),
  };
}

if (import.meta.main) {
  for (const [title, rows] of Object.entries(await runFindBench())) printTable(`find: ${title}`, rows);
}
