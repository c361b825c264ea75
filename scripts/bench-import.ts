/**
 * Import benchmark: a synthetic Takeout export of 100,000 reviews and 50,000 jobs in a temp folder;
 * times `import google-takeout` (first and repeated) and `verify`. Target: under 60 s each.
 * `npm run bench -- import`; `--reviews N --jobs N` for other sizes.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runImport } from './import.ts';
import { generateTakeout } from './lib/generate-takeout.ts';
import { createRandom } from './lib/random.ts';
import { runVerify } from './verify.ts';

const root = resolve(import.meta.dirname, '..');

/** CPU model, cores and load average: the figures mean little without them. */
export function describeMachine(): string {
  const cpu = cpus();
  return `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} (1/5/15 min)`;
}

/** Wall-clock and CPU seconds of a step: on a shared machine the gap between them is the wait for a core. */
function timed<T>(fn: () => T): { value: T; seconds: number; cpu: number; rssMb: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(cpu);
  return {
    value,
    seconds: (performance.now() - started) / 1000,
    cpu: (used.user + used.system) / 1e6,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  };
}

export async function runImportBench(): Promise<Record<string, string | number>[]> {
  const { values } = parseArgs({
    options: { reviews: { type: 'string', default: '100000' }, jobs: { type: 'string', default: '50000' } },
    strict: false,
  });
  const counts = { reviews: Number(values.reviews), jobs: Number(values.jobs) };
  const dir = mkdtempSync(join(tmpdir(), 'shingle-bench-import-'));
  try {
    const { takeout, jobsCsv } = generateTakeout(createRandom(13), join(dir, 'source'), counts);
    const content = join(dir, 'content');
    mkdirSync(join(content, 'reviews'), { recursive: true });
    cpSync(join(root, 'content', 'business.json'), join(content, 'business.json'));
    console.log(describeMachine());
    const first = timed(() => runImport('google-takeout', takeout, content, '2026-01-01'));
    const again = timed(() => runImport('google-takeout', takeout, content, '2026-01-02'));
    const verify = timed(() => runVerify({ jobsPath: jobsCsv, contentDir: content, today: '2026-01-03' }));
    const r = verify.value.report;
    console.log(describeMachine());
    return [
      {
        step: 'import google-takeout (first)',
        items: `${counts.reviews} reviews`,
        result: `${first.value.report.new.length} new`,
        seconds: first.seconds.toFixed(1),
        'CPU s': first.cpu.toFixed(1),
        'RSS MB': first.rssMb,
        target: '< 60 s',
      },
      {
        step: 'import google-takeout (again)',
        items: `${counts.reviews} reviews`,
        result: `${again.value.report.unchanged.length} unchanged`,
        seconds: again.seconds.toFixed(1),
        'CPU s': again.cpu.toFixed(1),
        'RSS MB': again.rssMb,
        target: '< 60 s',
      },
      {
        step: 'verify',
        items: `${counts.jobs} jobs`,
        result: `${r.matched.length} matched, ${r.queued.length} queued, ${r.unmatched.length} none`,
        seconds: verify.seconds.toFixed(1),
        'CPU s': verify.cpu.toFixed(1),
        'RSS MB': verify.rssMb,
        target: '< 60 s',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
