import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkReusedPages, planPageReuse } from '../../../../scripts/lib/page-reuse-plan.ts';
import type { BuildRecord, FileRecord } from '../../../../scripts/lib/diff-dist.ts';
import { useTempTrees } from '../../../helpers/temp-tree.ts';

const tree = useTempTrees('page-reuse-');
const PAGES = {
  'reviews/page/1/index.html': '<h1>one</h1>',
  'reviews/page/2/index.html': '<h1>two</h1>',
  'reviews/page/3/index.html': '<h1>three</h1>',
};

/** A previous build and its record, as build.ts writes it: every file's size, mtime and hash; every page's key. */
function previousBuild(): { live: string; record: BuildRecord } {
  const live = tree(PAGES);
  const files: FileRecord = new Map(
    Object.keys(PAGES).map((file) => {
      const st = statSync(join(live, file));
      return [file, [st.size, st.mtimeMs, 'a'.repeat(64)]];
    }),
  );
  const pages = new Map(Object.keys(PAGES).map((file, i) => [file, `key-${i + 1}`]));
  return { live, record: { files, settings: '', pages } };
}

describe('planPageReuse', () => {
  it('offers the previous build’s pages whose files are still the ones it wrote', async () => {
    const { live, record } = previousBuild();
    const plan = await planPageReuse(live, record, 'code');
    expect([...plan.previous]).toEqual([
      ['reviews/page/1/index.html', 'key-1'],
      ['reviews/page/2/index.html', 'key-2'],
      ['reviews/page/3/index.html', 'key-3'],
    ]);
  });

  it('never offers a page whose file was changed, replaced or removed since (stale or planted bytes)', async () => {
    const { live, record } = previousBuild();
    writeFileSync(join(live, 'reviews/page/1/index.html'), '<h1>planted</h1>'); // other size
    const two = join(live, 'reviews/page/2/index.html');
    writeFileSync(two, '<h1>TWO</h1>'); // same size, other bytes: the modification time gives it away
    utimesSync(two, new Date(), new Date(Date.now() + 5_000));
    writeFileSync(join(live, 'reviews/page/3/index.html'), '');
    const plan = await planPageReuse(live, record, 'code');
    expect([...plan.previous.keys()]).toEqual([]);
  });

  it('offers nothing without a previous build', async () => {
    const { record } = previousBuild();
    expect((await planPageReuse(null, record, 'code')).previous.size).toBe(0);
  });
});

describe('linkReusedPages', () => {
  it('puts each reused page into the new build with the recorded hash and size', async () => {
    const { live, record } = previousBuild();
    const staging = tree({ 'index.html': '<h1>home</h1>' });
    const plan = await planPageReuse(live, record, 'code');
    plan.reused.add('reviews/page/2/index.html');
    const linked = await linkReusedPages(plan, live, staging, record);
    expect(readFileSync(join(staging, 'reviews/page/2/index.html'), 'utf8')).toBe('<h1>two</h1>');
    expect(linked.get('reviews/page/2/index.html')).toEqual({ sha256: 'a'.repeat(64), size: 12 });
    expect(linked.size).toBe(1);
  });

  it('rejects when a page it was to reuse is gone (the build then renders every page)', async () => {
    const { live, record } = previousBuild();
    const staging = tree({ 'index.html': '<h1>home</h1>' });
    const plan = await planPageReuse(live, record, 'code');
    plan.reused.add('reviews/page/3/index.html');
    rmSync(join(live, 'reviews/page/3/index.html'));
    await expect(linkReusedPages(plan, live, staging, record)).rejects.toThrow(/ENOENT/);
  });
});
