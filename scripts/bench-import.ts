/**
 * Import benchmark: a synthetic Takeout export of 100,000 reviews and 50,000 jobs in a temp folder;
 * times `import google-takeout` (first and repeated) and `verify`. Target: under 60 s each. Then two
 * hostile CSVs (a million columns, a 100 MB field): refused in under a second without growing memory.
 * `npm run bench -- import`; `--reviews N --jobs N` for other sizes.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCsv } from '../core/csv/parse-csv.ts';
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

/** The error a parse ends with ("line 1: more than 256 columns…"), or "accepted". */
function refusal(parse: () => unknown): string {
  try {
    parse();
    return 'accepted';
  } catch (e) {
    return (e as Error).message.slice(0, 60);
  }
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
    // Issue 26: hostile CSVs are refused at once, in bounded memory (before: 4.5 GB and a V8 abort for the
    // header, 3.6 GB for the field).
    const wide = `${Array.from({ length: 1_000_000 }, (_, i) => `c${i}`).join(',')}\n1\n`;
    const wideRun = timed(() => refusal(() => parseCsv(wide)));
    const field = `a,b\n1,"${'x'.repeat(100_000_000)}"\n`;
    const fieldRun = timed(() => refusal(() => parseCsv(field)));
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
      {
        step: 'CSV with a 1,000,000-column header',
        items: `${(wide.length / 1e6).toFixed(1)} MB`,
        result: wideRun.value,
        seconds: wideRun.seconds.toFixed(2),
        'CPU s': wideRun.cpu.toFixed(2),
        'RSS MB': wideRun.rssMb,
        target: 'refused < 1 s',
      },
      {
        step: 'CSV with a 100 MB field',
        items: `${(field.length / 1e6).toFixed(1)} MB`,
        result: fieldRun.value,
        seconds: fieldRun.seconds.toFixed(2),
        'CPU s': fieldRun.cpu.toFixed(2),
        'RSS MB': fieldRun.rssMb,
        target: 'refused < 1 s',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
