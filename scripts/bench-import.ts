/**
 * Import benchmark: a synthetic Takeout export of 100,000 reviews and 50,000 jobs in a temp folder;
 * times `import google-takeout` (first and repeated) and `verify`. Target: under 60 s each. Then two
 * hostile CSVs (a million columns, a 100 MB field): refused in under a second without growing memory.
 * `npm run bench -- import`; `--reviews N --jobs N` for other sizes.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCsv } from '../core/csv/parse-csv.ts';
import { runImport } from './import.ts';
import { generateTakeout } from './lib/generate-takeout.ts';
import { formatMachine, machineInfo } from './lib/machine-info.ts';
import { createRandom } from '../core/random/create-random.ts';
import { runVerify } from './verify.ts';

const root = resolve(import.meta.dirname, '..');

type Timed<T> = { value: T; seconds: number; cpu: number; rssMb: number };

/** Wall-clock and CPU seconds of a step: on a shared machine the gap between them is the wait for a core. */
function timed<T>(fn: () => T): Timed<T> {
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

/** A table row: what ran, on what, its outcome, wall-clock and CPU seconds (to `digits`), RSS, and the target. */
function row(step: string, items: string, result: string, run: Timed<unknown>, digits: number, target: string): Record<string, string | number> {
  return { step, items, result, seconds: run.seconds.toFixed(digits), 'CPU s': run.cpu.toFixed(digits), 'RSS MB': run.rssMb, target };
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
    console.log(formatMachine(await machineInfo()));
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
    console.log(formatMachine(await machineInfo()));
    return [
      row('import google-takeout (first)', `${counts.reviews} reviews`, `${first.value.report.new.length} new`, first, 1, '< 60 s'),
      row('import google-takeout (again)', `${counts.reviews} reviews`, `${again.value.report.unchanged.length} unchanged`, again, 1, '< 60 s'),
      row('verify', `${counts.jobs} jobs`, `${r.matched.length} matched, ${r.queued.length} queued, ${r.unmatched.length} none`, verify, 1, '< 60 s'),
      row('CSV with a 1,000,000-column header', `${(wide.length / 1e6).toFixed(1)} MB`, wideRun.value, wideRun, 2, 'refused < 1 s'),
      row('CSV with a 100 MB field', `${(field.length / 1e6).toFixed(1)} MB`, fieldRun.value, fieldRun, 2, 'refused < 1 s'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
