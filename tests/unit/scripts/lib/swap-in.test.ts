import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildsFolder, pruneBuildsAhead, swapIn } from '../../../../scripts/lib/swap-in.ts';
import { useTempTrees } from '../../../helpers/temp-tree.ts';

const tree = useTempTrees('shingle-swap-');

/** A parent folder with a finished staging folder in it, ready to swap in as `dist`. */
function parentWithStaging(): { parent: string; staging: string; outDir: string } {
  const parent = tree({ '.dist.staging-1/index.html': '<h1>new</h1>' });
  return { parent, staging: join(parent, '.dist.staging-1'), outDir: join(parent, 'dist') };
}

describe('swapIn', () => {
  it('makes the staging folder the live build behind the dist link', async () => {
    const { staging, outDir } = parentWithStaging();
    const target = await swapIn(staging, outDir);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('<h1>new</h1>');
    expect(join(buildsFolder(outDir), '..', readlinkSync(outDir))).toBe(target);
  });

  // A umask of 002 leaves new folders group-writable; the next build reuses pages only from folders nobody else may write.
  it('leaves its own builds folder and the new build writable by no one else', async () => {
    const { staging, outDir } = parentWithStaging();
    mkdirSync(buildsFolder(outDir));
    chmodSync(buildsFolder(outDir), 0o775);
    chmodSync(staging, 0o777);
    const target = await swapIn(staging, outDir);
    expect(statSync(buildsFolder(outDir)).mode & 0o777).toBe(0o755);
    expect(statSync(target).mode & 0o777).toBe(0o755);
  });

  // Found by an adversarial review: in a shared parent, another user who made the builds folder first could replace
  // the live build, and the next build reused their pages.
  it('refuses a builds folder somebody else made', async () => {
    const { staging, outDir } = parentWithStaging();
    mkdirSync(buildsFolder(outDir), { mode: 0o777 });
    chownSync(buildsFolder(outDir), 65534, 65534);
    await expect(swapIn(staging, outDir)).rejects.toThrow(/is not a folder of this user/);
    writeFileSync(join(staging, 'still.txt'), 'here'); // the staging folder was not moved into it
  });

  it('keeps the three newest builds and the live one', async () => {
    const { parent, outDir } = parentWithStaging();
    for (let n = 1; n <= 5; n++) {
      const staging = join(parent, `.dist.staging-${n}`);
      mkdirSync(staging, { recursive: true });
      writeFileSync(join(staging, 'index.html'), String(n));
      await swapIn(staging, outDir);
    }
    expect(readdirSync(buildsFolder(outDir))).toHaveLength(3);
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toBe('5');
  });
});

describe('pruneBuildsAhead', () => {
  /** A builds folder with builds b1…b5 (b5 the newest), `live` behind the dist link. */
  function builds(live: string, mode = 0o755): { outDir: string; folder: string } {
    const parent = tree({});
    const outDir = join(parent, 'dist');
    const folder = buildsFolder(outDir);
    for (let n = 1; n <= 5; n++) {
      mkdirSync(join(folder, `b${n}`, 'reviews'), { recursive: true });
      writeFileSync(join(folder, `b${n}`, 'reviews', 'index.html'), `build ${n}`);
    }
    chmodSync(folder, mode);
    symlinkSync(join(basename(folder), live), outDir);
    return { outDir, folder };
  }

  it('removes what the swap would (all but the two newest and the live build), before the build ends', async () => {
    const { outDir, folder } = builds('b2');
    await pruneBuildsAhead(outDir);
    expect(readdirSync(folder).sort()).toEqual(['b2', 'b4', 'b5']);
    expect(readFileSync(join(outDir, 'reviews', 'index.html'), 'utf8')).toBe('build 2');
  });

  it('touches nothing in a builds folder others may write to', async () => {
    const { outDir, folder } = builds('b5', 0o777);
    await pruneBuildsAhead(outDir);
    expect(readdirSync(folder)).toHaveLength(5);
  });

  it('never rejects: no builds folder, or nothing to remove', async () => {
    const parent = tree({});
    await expect(pruneBuildsAhead(join(parent, 'dist'))).resolves.toBeUndefined();
    const { outDir, folder } = builds('b5');
    await pruneBuildsAhead(outDir);
    await pruneBuildsAhead(outDir);
    expect(existsSync(join(folder, 'b4'))).toBe(true);
  });
});
