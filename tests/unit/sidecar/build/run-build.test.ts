import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBuild } from '../../../../sidecar/build/run-build.ts';
import { BUILD_PROCESS_ENV } from '../../../../core/build/build-process-env.ts';

/** A project root whose scripts/build.ts is the given source (runBuild runs `node scripts/build.ts` there). */
function fakeRoot(buildSource: string): string {
  const root = mkdtempSync(join(tmpdir(), 'shingle-run-build-'));
  mkdirSync(join(root, 'scripts'));
  writeFileSync(join(root, 'scripts', 'build.ts'), buildSource);
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => rmSync(r, { recursive: true, force: true })));

const target = (root: string) => ({
  DIST_DIR: join(root, 'dist'),
  CONTENT_DIR: join(root, 'content'),
  BASE_URL: 'http://localhost:4321',
  SINCE_WINDOW_DAYS: 31,
});

describe('runBuild', () => {
  it('resolves with the manifest the build wrote, and passes exactly the target to the child', async () => {
    const root = fakeRoot(
      `import { mkdirSync, writeFileSync } from 'node:fs';
       mkdirSync(process.env.DIST_DIR, { recursive: true });
       writeFileSync(process.env.DIST_DIR + '/build-manifest.json', JSON.stringify({ baseUrl: process.env.BASE_URL, days: process.env.SINCE_WINDOW_DAYS }));`,
    );
    await expect(runBuild(target(root), { onOutput: () => {} }, root)).resolves.toEqual({ baseUrl: 'http://localhost:4321', days: '31' });
  });

  it('starts the build with the build process environment (glibc arenas), under what the caller set', async () => {
    const root = fakeRoot(
      `import { mkdirSync, writeFileSync } from 'node:fs';
       mkdirSync(process.env.DIST_DIR, { recursive: true });
       writeFileSync(process.env.DIST_DIR + '/build-manifest.json', JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX }));`,
    );
    const saved = process.env.MALLOC_ARENA_MAX;
    delete process.env.MALLOC_ARENA_MAX;
    try {
      await expect(runBuild(target(root), { onOutput: () => {} }, root)).resolves.toEqual({ arenas: BUILD_PROCESS_ENV.MALLOC_ARENA_MAX });
      process.env.MALLOC_ARENA_MAX = '4';
      await expect(runBuild(target(root), { onOutput: () => {} }, root)).resolves.toEqual({ arenas: '4' });
    } finally {
      if (saved === undefined) delete process.env.MALLOC_ARENA_MAX;
      else process.env.MALLOC_ARENA_MAX = saved;
    }
  });

  it('rejects with the build output when the build fails', async () => {
    const root = fakeRoot(`console.error('content/reviews/a.jsonl line 3: rating: expected 1-5'); process.exit(1);`);
    await expect(runBuild(target(root), { onOutput: () => {} }, root)).rejects.toThrow(/exit code 1[\s\S]*line 3: rating/);
  });

  it('rejects (never throws out of the exit handler) when a build exits 0 but its manifest is gone', async () => {
    const root = fakeRoot(`process.exit(0);`);
    await expect(runBuild(target(root), { onOutput: () => {} }, root)).rejects.toThrow(/manifest could not be read/);
  });
});

describe('runBuild with a signal', () => {
  it('stops the build process when aborted and rejects with "build stopped"', async () => {
    // The build announces its pid on stdout, then idles (the timer keeps it alive) until it is stopped: the test
    // waits for that line, not for a while.
    const root = fakeRoot(`console.log('pid ' + process.pid); setTimeout(() => {}, 60_000);`);
    const stop = new AbortController();
    const started = Promise.withResolvers<number>();
    let output = '';
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      const line = /pid (\d+)\n/.exec(output);
      if (line) started.resolve(Number(line[1]));
    };
    const build = runBuild(target(root), { onOutput, signal: stop.signal }, root);
    // A build that ends before it prints fails the test with its own error, not a timeout.
    const pid = await Promise.race([started.promise, build.then(() => Promise.reject(new Error('the build ended before it started')))]);
    expect(pid).toBeGreaterThan(1);
    stop.abort();
    await expect(build).rejects.toThrow('build stopped');
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
