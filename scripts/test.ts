/**
 * `npm test`: the lint checks (`scripts/lint.ts`: ESLint, Biome's formatter, `astro check`, `tsc`) and the three Vitest
 * projects at the same time. Vitest's own output streams as it runs; the lint report, held back so the two
 * never interleave, is printed after it. The exit code is 1 when either fails. Arguments go to Vitest
 * (`npm test -- tests/unit/core/hub`).
 *
 * Why at the same time: the lint tools mostly fill the cores Vitest leaves idle (while the global set-up
 * builds the sample site, and at the end while the last test files finish); one after the other, lint added
 * its whole 35-40 s to every run on this 2-core machine type.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

// Node's on-disk compile cache for every Node process the run starts (sidecars, builds, command-line tools,
// the lint tools, Vitest's workers): each one otherwise parses, strips the types from and
// compiles the same modules again. About 0.4 s of CPU less for each sidecar start; keyed by Node version and
// file contents, so a stale entry is never used. Kept with the other tool caches in node_modules/.cache.
const env = { ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(root, 'node_modules', '.cache', 'node-compile-cache') };

function run(command: string, args: string[], capture: boolean): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (e) => done({ code: 1, output: `${command} could not start: ${e.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const lint = run(process.execPath, [join(root, 'scripts', 'lint.ts')], true);
const tests = await run(join(root, 'node_modules', '.bin', 'vitest'), ['run', ...process.argv.slice(2)], false);
const linted = await lint;
process.stdout.write(`\n══ lint (ran alongside the tests) ══${linted.output.trimEnd() ? `\n${linted.output.trimEnd()}` : ''}\n`);
const failed = [linted.code !== 0 && 'lint', tests.code !== 0 && 'tests'].filter(Boolean);
process.stdout.write(failed.length === 0 ? '\nnpm test: lint and tests passed\n' : `\nnpm test: failed: ${failed.join(', ')}\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
