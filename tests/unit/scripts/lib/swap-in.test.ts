import { chmodSync, chownSync, mkdirSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildsFolder, swapIn } from '../../../../scripts/lib/swap-in.ts';
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
});
