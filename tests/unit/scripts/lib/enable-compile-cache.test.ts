import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCacheDir } from '../../../../scripts/lib/enable-compile-cache.ts';

const root = resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(join(tmpdir(), 'shingle-ncc-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('compileCacheDir', () => {
  it('makes a private folder of its own and uses it', () => {
    const dir = join(scratch, 'fresh', 'cache');
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: dir })).toBe(dir);
  });

  it('makes its folder private (Node makes a folder per version inside with the umask) and names it absolutely', () => {
    const dir = join(scratch, 'loose');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: dir })).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const relative = join('..', '..', scratch, 'relative'); // from the project root, a path that climbs out and back
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: relative })).toBe(resolve(relative));
  });

  it('is off with SHINGLE_COMPILE_CACHE=off', () => {
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: 'off' })).toBeNull();
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: '' })).toBeNull();
  });

  // A cache entry is code that will run: a folder anyone else could have written to is never used.
  it('refuses a folder others may write to, a planted link and a folder of another user', () => {
    const open = join(scratch, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: open })).toBeNull();
    const group = join(scratch, 'group');
    mkdirSync(group);
    chmodSync(group, 0o770);
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: group })).toBeNull();
    const target = join(scratch, 'target');
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(scratch, 'link'));
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: join(scratch, 'link') })).toBeNull();
    const foreign = join(scratch, 'foreign');
    mkdirSync(foreign, { mode: 0o700 });
    chownSync(foreign, 65534, 65534); // the test suite runs as root (PostgreSQL's tests need runuser too)
    expect(compileCacheDir({ SHINGLE_COMPILE_CACHE: foreign })).toBeNull();
  });

  it('is switched on by the preload every command uses, and handed to the Node processes a command starts', () => {
    const dir = join(scratch, 'used');
    // Without a cache handed on from this process (importing load-env.ts, as the build's modules do, turns it on here).
    const { NODE_COMPILE_CACHE: _, ...inherited } = process.env;
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        './scripts/lib/load-env.ts',
        '--input-type=module',
        '-e',
        "import { getCompileCacheDir } from 'node:module'; console.log(getCompileCacheDir() + '|' + process.env.NODE_COMPILE_CACHE);",
      ],
      { cwd: root, env: { ...inherited, SHINGLE_COMPILE_CACHE: dir }, encoding: 'utf8' },
    ).trim();
    const [used, handedOn] = out.split('|');
    expect(used?.startsWith(`${dir}/`)).toBe(true); // Node adds a folder per Node version
    expect(handedOn).toBe(dir);
    expect(readdirSync(dir).length).toBeGreaterThan(0); // the preload's own modules were compiled into it
  });

  // Found by a review: Node turns on a NODE_COMPILE_CACHE it was started with before the preload runs.
  it('does not hand on an inherited NODE_COMPILE_CACHE that others may write to', () => {
    const shared = join(scratch, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const { NODE_COMPILE_CACHE: _, ...inherited } = process.env;
    const run = spawnSync(
      process.execPath,
      ['--import', './scripts/lib/load-env.ts', '--input-type=module', '-e', 'console.log(String(process.env.NODE_COMPILE_CACHE))'],
      {
        cwd: root,
        env: { ...inherited, NODE_COMPILE_CACHE: shared },
        encoding: 'utf8',
      },
    );
    expect(run.stdout.trim()).toBe('undefined');
    expect(run.stderr).toContain('not handed on');
  });
});
