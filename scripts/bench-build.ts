/**
 * Build benchmark: time, output bytes and peak RSS of a full build of generated content
 * (1k, 10k, 100k reviews by default; `--sizes 1000,10000`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateContent } from './generate.ts';
import { printTable } from './lib/bench-table.ts';

const root = resolve(import.meta.dirname, '..');

function dirBytes(dir: string): { total: number; data: number; files: number } {
  let total = 0,
    data = 0,
    files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else {
        total += st.size;
        files++;
        if (!/\.(gz|br|html)$/.test(name)) data += st.size;
      }
    }
  };
  walk(dir);
  return { total, data, files };
}

export async function runBuildBench(sizes = [1_000, 10_000, 100_000]): Promise<Record<string, string | number>[]> {
  const rows: Record<string, string | number>[] = [];
  for (const count of sizes) {
    const contentDir = join(root, '.tmp', `bench-content-${count}`);
    const distDir = join(root, '.tmp', `bench-dist-${count}`);
    rmSync(contentDir, { recursive: true, force: true });
    await generateContent({ count, seed: 1, out: contentDir });
    const started = performance.now();
    const run = spawnSync(process.execPath, ['scripts/build.ts'], {
      cwd: root,
      env: { ...process.env, CONTENT_DIR: contentDir, DIST_DIR: distDir, SHINGLE_BUILD_STATS: '1' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`build of ${count} failed:\n${run.stderr}`);
    const stats = JSON.parse(/BUILD_STATS (.*)/.exec(run.stdout)![1]!) as { maxRssMb: number };
    const size = dirBytes(distDir);
    rows.push({
      reviews: count,
      'build s': seconds.toFixed(1),
      'peak RSS MB': stats.maxRssMb,
      'dist MB (all files)': (size.total / 1e6).toFixed(1),
      'data MB (uncompressed)': (size.data / 1e6).toFixed(1),
      'bytes/review': Math.round(size.total / count),
      files: size.files,
    });
  }
  return rows;
}

if (import.meta.main) {
  const arg = process.argv.indexOf('--sizes');
  const sizes = arg > 0 ? process.argv[arg + 1]!.split(',').map(Number) : undefined;
  printTable('Static build', await runBuildBench(sizes));
}
