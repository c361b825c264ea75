import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_PROCESS_ENV, withBuildProcessEnv } from '../../../../core/build/build-process-env.ts';

const root = resolve(import.meta.dirname, '../../../..');
const PRELOAD = './scripts/lib/build-process-preload.ts';
const dir = mkdtempSync(join(tmpdir(), 'shingle-build-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a script that prints its pid and MALLOC_ARENA_MAX under the build's preload, with `env` (and `before`: Node flags ahead of it). */
function underPreload(
  env: Record<string, string | undefined>,
  before: string[] = [],
): { pid: number; printed: { pid: number; arenas: string | null; args: string[] } } {
  const script = join(dir, 'print.mjs');
  writeFileSync(
    script,
    'console.log(JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null, args: process.argv.slice(2) }));',
  );
  const run = spawnSync(process.execPath, [...before, '--import', PRELOAD, script, '--quiet'], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return { pid: run.pid!, printed: JSON.parse(run.stdout) };
}

describe('BUILD_PROCESS_ENV', () => {
  it('is what `npm run build` starts the build with: the preload restarts the same process with it', () => {
    const scripts = (JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toContain(`--import ${PRELOAD} scripts/build.ts`);
    const { MALLOC_ARENA_MAX: _, ...env } = process.env;
    const { pid, printed } = underPreload(env);
    expect(printed).toEqual({ pid, arenas: BUILD_PROCESS_ENV.MALLOC_ARENA_MAX, args: ['--quiet'] }); // same pid: replaced, not a child
  });

  it('lets the build run as it is when the system refuses the restart', () => {
    const { MALLOC_ARENA_MAX: _, ...env } = process.env;
    const refused = ['--import', 'data:text/javascript,process.execve = () => { throw new Error("refused"); };'];
    const { pid, printed } = underPreload(env, refused);
    expect(printed).toEqual({ pid, arenas: null, args: ['--quiet'] });
  });

  it('keeps a value the caller set, and treats an empty one as none', () => {
    expect(underPreload({ ...process.env, MALLOC_ARENA_MAX: '8' }).printed.arenas).toBe('8');
    expect(underPreload({ ...process.env, MALLOC_ARENA_MAX: '' }).printed.arenas).toBe(BUILD_PROCESS_ENV.MALLOC_ARENA_MAX);
    expect(withBuildProcessEnv({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...BUILD_PROCESS_ENV });
    expect(withBuildProcessEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
    expect(withBuildProcessEnv({ MALLOC_ARENA_MAX: '' }).MALLOC_ARENA_MAX).toBe(BUILD_PROCESS_ENV.MALLOC_ARENA_MAX);
  });
});
