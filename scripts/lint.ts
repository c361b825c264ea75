/**
 * `npm run lint`: ESLint (layers, import cycles), Biome's formatter in check mode, `astro check` (.astro types) and
 * `tsc --noEmit` (everything else), run at the same time — each is mostly one core's work, so on a 2-core
 * machine this takes the time of the slowest, not the sum. Each tool's output is printed whole when it ends,
 * never interleaved; the exit code is 1 when any of them fails.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: 'eslint', command: bin('eslint'), args: ['.'] },
  // Biome formats (TypeScript, .astro, CSS, JSON; biome.json), in check mode: the style Prettier gave, for a
  // twentieth of the CPU (Prettier took 13 s here, Biome 0.7 s). Its own linter stays off: ESLint lints.
  { name: 'biome format', command: bin('biome'), args: ['format', '--colors=off', '.'] },
  { name: 'astro check', command: bin('astro'), args: ['check', '--tsconfig', 'site/tsconfig.json'] },
  // TypeScript 7, the native compiler: the same diagnostics for half the CPU of TypeScript 6 (8 s against
  // 17 s here). TypeScript 6 stays installed for the tools built on its JavaScript API (typescript-eslint's
  // parser, astro check); both declare a `tsc` bin, so this one is called by its path.
  // One checker thread: the default four took 9.6 s of CPU alone and about 15 s beside the tests; one takes 6 s.
  { name: 'tsc', command: join(root, 'node_modules', 'typescript-7', 'bin', 'tsc'), args: ['--noEmit', '--checkers', '1', '-p', 'tsconfig.json'] },
];

/** Runs one check to completion; resolves with its exit code and everything it printed. */
function runCheck(check: (typeof CHECKS)[number]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(check.command, check.args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (e) => done({ code: 1, output: `${check.name} could not start: ${e.message}\n` }));
    child.on('close', (code) => done({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const started = performance.now();
const results = await Promise.all(
  CHECKS.map(async (check) => {
    const result = await runCheck(check);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\n── ${check.name}: ${result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`} after ${seconds} s\n${result.output.trimEnd()}\n`,
    );
    return result.code;
  }),
);
const failed = CHECKS.filter((_, i) => results[i] !== 0).map((c) => c.name);
process.stdout.write(failed.length === 0 ? '\nlint: all checks passed\n' : `\nlint: failed: ${failed.join(', ')}\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
