import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLER_ALLOCATOR_SETTINGS, boundBundlerMemory } from '../../../../scripts/lib/bundler-memory.ts';

describe('boundBundlerMemory (the native bundler allocator’s settings, set before Astro loads it)', () => {
  it('sets every setting an environment lacks', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(boundBundlerMemory(env)).toEqual(Object.keys(BUNDLER_ALLOCATOR_SETTINGS));
    expect(env).toEqual({ MIMALLOC_PURGE_DELAY: '0', MIMALLOC_ARENA_RESERVE: '64MiB', MIMALLOC_ARENA_EAGER_COMMIT: '0' });
  });

  it('leaves a value the user set, even an empty one', () => {
    const env: NodeJS.ProcessEnv = { MIMALLOC_PURGE_DELAY: '50', MIMALLOC_ARENA_RESERVE: '' };
    expect(boundBundlerMemory(env)).toEqual(['MIMALLOC_ARENA_EAGER_COMMIT']);
    expect(env.MIMALLOC_PURGE_DELAY).toBe('50');
    expect(env.MIMALLOC_ARENA_RESERVE).toBe('');
  });
});

describe('the bundler reads them as meant', () => {
  // A child process does what runAstro does — the settings put into process.env, then the bundler imported — with
  // mimalloc's own report of its options on: each must read as intended (a bare number of KiB was read as bytes).
  it('sets them in this process before the bundler loads: 64 MiB arenas, committed as used, purged at once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shingle-bm-'));
    try {
      writeFileSync(join(dir, 'in.js'), 'export default 1;\n');
      const script = [
        `const { boundBundlerMemory } = await import(${JSON.stringify(resolve(import.meta.dirname, '../../../../scripts/lib/bundler-memory.ts'))});`,
        'boundBundlerMemory();',
        "const { rolldown } = await import('rolldown');",
        `await (await rolldown({ input: ${JSON.stringify(join(dir, 'in.js'))} })).generate({});`,
      ].join('\n');
      const env: NodeJS.ProcessEnv = { ...process.env, MIMALLOC_VERBOSE: '1' };
      for (const name of Object.keys(BUNDLER_ALLOCATOR_SETTINGS)) delete env[name];
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: resolve(import.meta.dirname, '../../../..'),
        env,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain("option 'arena_reserve': 65536 KiB");
      expect(run.stderr).toContain("option 'arena_eager_commit': 0");
      expect(run.stderr).toContain("option 'purge_delay': 0");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
