/**
 * Build benchmark: for generated content of 1k, 10k and 100k reviews (`--sizes 1000,10000`), a cold build
 * (no previous build, an empty compression cache) and then the nightly case — the same content plus one
 * new review, rebuilt into the same DIST_DIR with the cache warm — each with wall time, peak RSS and the
 * number of files in dist/ that differ from the previous build (every encoding counted, from the build's
 * `<dist>.changes.json`), and the time of each step (BUILD_PHASES). Then the sample site rebuilt as it is.
 * Each size starts with empty compression and analysis caches of its own. Targets (issue 27) are in the last
 * column. `node scripts/bench-build.ts --sizes 1000,10000 --repeat 3`.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BuildChangesSchema, changedFileCount } from '../core/build/build-changes.ts';
import { generateContent } from './lib/generate-content.ts';
import { printTable } from './lib/bench/print-table.ts';
import { changesFile, fileRecordFile } from './lib/diff-dist.ts';
import { buildsFolder } from './lib/swap-in.ts';
import { withBuildProcessEnv } from '../core/build/build-process-env.ts';

const root = resolve(import.meta.dirname, '..');
type Row = Record<string, string | number>;

function dirBytes(dir: string): { total: number; files: number } {
  let total = 0,
    files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else {
        total += st.size;
        files++;
      }
    }
  };
  walk(dir);
  return { total, files };
}

/**
 * One build in a child process, started as `npm run build` starts it (the preload that loads `.env` — whose
 * settings lose to those given here — and turns on Node's compile cache): wall seconds, peak RSS, and what changed.
 */
function timedBuild(
  contentDir: string,
  distDir: string,
  cacheDir: string,
): { seconds: number; rssMb: number; changed: number | string; phases: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', './scripts/lib/load-env.ts', 'scripts/build.ts', '--quiet'], {
    cwd: root,
    env: {
      ...withBuildProcessEnv(process.env),
      CONTENT_DIR: contentDir,
      DIST_DIR: distDir,
      SHINGLE_BUILD_STATS: '1',
      SHINGLE_COMPRESSION_CACHE: join(cacheDir, 'compression'),
      SHINGLE_ANALYSIS_CACHE: join(cacheDir, 'analysis'),
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`build of ${contentDir} failed:\n${run.stderr}`);
  const stats = JSON.parse(/BUILD_STATS (.*)/.exec(run.stdout)![1]!) as { maxRssMb: number };
  const changes = BuildChangesSchema.parse(JSON.parse(readFileSync(changesFile(distDir), 'utf8')));
  const p = JSON.parse(/BUILD_PHASES (.*)/.exec(run.stdout)![1]!) as Record<string, number>;
  const s = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);
  // The documents are written while Astro renders (in `pages`) and checked while the pages are compressed.
  const phases = `${s(p.model)} / ${s(p.pages)} / ${s(p['compress-pages'])} / ${s((p.documents ?? 0) + (p.diff ?? 0))}`;
  return { seconds, rssMb: stats.maxRssMb, changed: changes.hadPrevious ? changedFileCount(changes) : 'all (no previous)', phases };
}

/** Appends one verified review, dated on the newest review's day, to the newest reviews file. */
export function addOneReview(contentDir: string, n = 1): void {
  const dir = join(contentDir, 'reviews');
  const newest = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .at(-1)!;
  const lines = readFileSync(join(dir, newest), 'utf8').split('\n').filter(Boolean);
  const last = lines.map((l) => JSON.parse(l) as { id: string; date: string }).reduce((a, b) => (b.date > a.date ? b : a));
  const review = {
    id: `${last.id.replace(/\d+$/, '')}9${String(n).padStart(6, '0')}`,
    date: last.date,
    rating: 4,
    text: `The nightly benchmark's new review number ${n}: the crew replaced two shingles and cleaned up after.`,
    author: 'Bench M.',
    consent: true,
    source: { platform: 'google' },
    language: 'en',
    verification: { status: 'verified', method: 'job-match', verifiedOn: last.date },
  };
  appendFileSync(join(dir, newest), `${JSON.stringify(review)}\n`);
}

function sizeRow(count: number | string, run: string, r: ReturnType<typeof timedBuild>, distDir: string, target: string): Row {
  const size = dirBytes(distDir);
  return {
    reviews: count,
    run,
    'wall s': r.seconds.toFixed(1),
    'peak RSS MB': r.rssMb,
    'files changed': r.changed,
    'model / pages / compress+check / rest s': r.phases,
    'dist files': size.files,
    'dist MB': (size.total / 1e6).toFixed(1),
    target,
  };
}

function clean(distDir: string, cacheDir: string): void {
  for (const p of [distDir, buildsFolder(distDir), changesFile(distDir), fileRecordFile(distDir), cacheDir])
    rmSync(p, { recursive: true, force: true });
}

/**
 * `repeat` runs each pair (cold, then +1 review) that many times, a row each: the machine is shared, and
 * one run under load says little (compare the best, and say how many runs it is the best of).
 */
export async function runBuildBench(sizes = [1_000, 10_000, 100_000], repeat = 1): Promise<Row[]> {
  const rows: Row[] = [];
  for (const count of sizes.flatMap((n) => Array<number>(repeat).fill(n))) {
    const contentDir = join(root, '.tmp', `bench-content-${count}`);
    const distDir = join(root, '.tmp', `bench-dist-${count}`);
    const cacheDir = join(root, '.tmp', `bench-compression-cache-${count}`);
    rmSync(contentDir, { recursive: true, force: true });
    await generateContent({ count, seed: 1, out: contentDir });
    clean(distDir, cacheDir);
    const big = count >= 100_000;
    rows.push(sizeRow(count, 'cold', timedBuild(contentDir, distDir, cacheDir), distDir, big ? '≤ 30 s, ≤ 1024 MB' : ''));
    addOneReview(contentDir);
    rows.push(sizeRow(count, '+1 review', timedBuild(contentDir, distDir, cacheDir), distDir, big ? '≤ 5 s, ≤ 150 files' : ''));
    // The next night: the first rebuild wrote what a cold build does not keep (the published content files' entries).
    addOneReview(contentDir, 2);
    rows.push(sizeRow(count, '+1 again', timedBuild(contentDir, distDir, cacheDir), distDir, big ? '≤ 5 s, ≤ 150 files' : ''));
  }
  // The sample site as a developer rebuilds it: unchanged content over its previous build, the cache warm.
  const distDir = join(root, '.tmp', 'bench-dist-sample');
  const cacheDir = join(root, '.tmp', 'bench-compression-cache-sample');
  const contentDir = join(root, 'content');
  clean(distDir, cacheDir);
  rows.push(sizeRow('sample', 'cold', timedBuild(contentDir, distDir, cacheDir), distDir, ''));
  rows.push(sizeRow('sample', 'rebuild', timedBuild(contentDir, distDir, cacheDir), distDir, 'no slower than before'));
  return rows;
}

if (import.meta.main) {
  const arg = process.argv.indexOf('--sizes');
  const sizes = arg > 0 ? process.argv[arg + 1]!.split(',').map(Number) : undefined;
  const times = process.argv.indexOf('--repeat');
  printTable('Static build', await runBuildBench(sizes, times > 0 ? Number(process.argv[times + 1]) : 1));
}
