import { createHash } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkIntact, linkReusedPages, planPageReuse } from '../../../../scripts/lib/page-reuse-plan.ts';
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

  // Found by a review: under a umask of 002 a group member may write into the build's folders, put a file of the
  // recorded size there and give it the recorded time (it is theirs, so they may).
  it('never offers a page whose file is somebody else’s, even with the recorded size and time', async () => {
    const { live, record } = previousBuild();
    const page = join(live, 'reviews/page/1/index.html');
    writeFileSync(`${page}.new`, '<h1>ONE</h1>');
    chownSync(`${page}.new`, 65534, 65534);
    renameSync(`${page}.new`, page);
    // The time they gave it is the recorded one (set here through the record: a Date cannot carry every digit).
    const kept = record.files.get('reviews/page/1/index.html')!;
    record.files.set('reviews/page/1/index.html', [kept[0], statSync(page).mtimeMs, kept[2]]);
    const plan = await planPageReuse(live, record, 'code');
    expect([...plan.previous.keys()]).toEqual(['reviews/page/2/index.html', 'reviews/page/3/index.html']);
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

  // Found by an adversarial review: the plan checks the live pages before Astro renders, the link came seconds later.
  it('rejects when a page was replaced in the live build after the plan checked it (never published under the old hash)', async () => {
    const { live, record } = previousBuild();
    const staging = tree({ 'index.html': '<h1>home</h1>' });
    const plan = await planPageReuse(live, record, 'code');
    plan.reused.add('reviews/page/2/index.html');
    const page = join(live, 'reviews/page/2/index.html');
    writeFileSync(`${page}.new`, '<h1>TWO</h1>'); // same size, other bytes, a new file moved over the old one
    renameSync(`${page}.new`, page);
    utimesSync(page, new Date(), new Date(Date.now() + 5_000)); // a later mtime whatever the clock's resolution
    await expect(linkReusedPages(plan, live, staging, record)).rejects.toThrow(/changed while this build ran/);
  });
});

describe('linkIntact', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const recordOf = (file: string, text: string) => {
    const st = statSync(file);
    return [st.size, st.mtimeMs, sha(text)] as const;
  };

  it('takes a linked file by its size and modification time', async () => {
    const from = join(tree({ 'a.html': 'page' }), 'a.html');
    const kept = recordOf(from, 'page');
    const to = join(tree({}), 'a.html');
    expect(linkIntact(from, to, kept)).toBe(true);
    const moved = join(tree({}), 'b.html');
    utimesSync(from, new Date(), new Date(Date.now() + 5_000));
    expect(linkIntact(from, moved, kept)).toBe(false);
  });

  it('takes a copy (another file system) by its hash', async () => {
    const from = join(tree({ 'a.html': 'page' }), 'a.html');
    const kept = recordOf(from, 'page');
    const other = mkdtempSync('/dev/shm/shingle-link-'); // tmpfs: a link from the temporary folder fails, so it copies
    try {
      expect(linkIntact(from, join(other, 'a.html'), kept)).toBe(true);
      expect(statSync(join(other, 'a.html')).ino).not.toBe(statSync(from).ino); // a copy, not a link
      writeFileSync(from, 'PAGE');
      expect(linkIntact(from, join(other, 'b.html'), kept)).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
