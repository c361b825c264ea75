/**
 * Stable output (issue 27): a rebuild rewrites only the files that show what changed, and says which in
 * `<dist>.changes.json`. Starts from a copy of the shared test build and rebuilds after adding, editing and
 * removing one review, checking the changed files by kind, the pages that must and must not change, that
 * the edited text appears everywhere the review is shown, and that every listing URL of the first build
 * still resolves.
 */
import { chownSync, cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BuildChangesSchema, type BuildChanges } from '../../core/build/build-changes.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import { buildFullFixture, tempDir, writeContent } from '../helpers/build-fixture.ts';
import { changesFile, diffDist } from '../../scripts/lib/diff-dist.ts';
import { runBuild } from '../../sidecar/build/run-build.ts';
import { swapIn } from '../../scripts/lib/swap-in.ts';
import { analysisCacheDir, engineKey } from '../../scripts/lib/review-analysis-cache.ts';
import { readContentDir } from '../../site/lib/read-content-dir.ts';

const PAGE_SIZE = 50;
const dir = tempDir('changes');
const content = writeContent(join(dir, 'content'));
const dist = join(dir, 'dist');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Doc = { reviews: { id: string; date: string; text: string }[] };
const readDoc = (): Doc => JSON.parse(readFileSync(join(dist, 'reviews.json'), 'utf8')) as Doc;
const read = (path: string) => readFileSync(join(dist, path), 'utf8');
let first: Doc;

beforeAll(async () => {
  // The shared test build is of the same sample content and BASE_URL: start from a copy of it.
  const staging = join(dir, 'staging');
  cpSync(realpathSync(inject('distDir')), staging, { recursive: true });
  await swapIn(staging, dist);
  first = readDoc();
}, 180_000);

/** Rebuilds `content` over the last build; returns what changed. */
async function rebuild(): Promise<BuildChanges> {
  await buildFullFixture({ contentDir: content, outDir: dist, baseUrl: inject('baseUrl') });
  return BuildChangesSchema.parse(JSON.parse(readFileSync(changesFile(dist), 'utf8')));
}

/** What a changed file is, for counting: its encodings count as files of the same kind. */
function kindOf(path: string): string {
  const file = path.replace(/\.(gz|br)$/, '');
  if (file.startsWith('api/reviews/since/')) return 'since';
  if (file.endsWith('.html')) return 'page';
  if (['build-manifest.json', 'nginx.conf', '_headers'].includes(file)) return 'manifest';
  if (['sitemap.xml', 'llms.txt', 'robots.txt'].includes(file)) return 'seo';
  return 'document';
}
const byKind = (paths: string[]) => Object.fromEntries(Object.entries(Object.groupBy(paths, kindOf)).map(([k, v]) => [k, v!.length]));
const pagesOf = (paths: string[]) => [...new Set(paths.filter((p) => kindOf(p) === 'page').map((p) => p.replace(/\.(gz|br)$/, '')))].sort();

/** Every content record, by file, so a test can edit or drop one and write them back. */
function editContent(change: (records: ReviewRecord[]) => ReviewRecord[]): void {
  const reviews = join(content, 'reviews');
  for (const name of readdirSync(reviews)) {
    const records = readFileSync(join(reviews, name), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as ReviewRecord);
    writeFileSync(
      join(reviews, name),
      `${change(records)
        .map((r) => JSON.stringify(r))
        .join('\n')}\n`,
    );
  }
}

/** Listing page (counted from the oldest) that shows the review at `index` of a newest-first list of `n`. */
const pageOfIndex = (index: number, n: number) => Math.floor((n - 1 - index) / PAGE_SIZE) + 1;
const monthPage = (date: string) => `reviews/${date.slice(0, 7)}/index.html`;

describe('a rebuild changes only what shows the change', () => {
  it('one new review: the data documents and feeds, the since files, the pages that show it, the manifests', { timeout: 240_000 }, async () => {
    const newest = first.reviews[0]!;
    const record = JSON.parse(
      readFileSync(join(content, 'reviews', `${newest.date.slice(0, 4)}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .at(-1)!,
    ) as ReviewRecord;
    // Dated on the newest review's day, so the since window stays where it is and every since file lists it.
    const added: ReviewRecord = { ...record, id: 'r-2026-0999', date: newest.date, text: 'A brand-new review for the rebuild test.' };
    delete added.ownerReply;
    editContent((records) => (records.some((r) => r.id === record.id) ? [...records, added] : records));
    const rebuilt = Date.now();
    const changes = await rebuild();
    const doc = readDoc();
    const total = Math.ceil(doc.reviews.length / PAGE_SIZE);
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(pagesOf(changes.changed)).toEqual(
      [
        'index.html',
        'embed/index.html',
        'embed/snippet.html',
        'reviews/index.html',
        `reviews/page/${total}/index.html`,
        monthPage(newest.date),
      ].sort(),
    );
    // 5 documents (reviews, insights, JSON Feed, Atom, widget), 31 since dates, 6 pages, each in 3 encodings; the manifest
    // and nginx.conf (its ETags); llms.txt (the count). 131 files, of 414.
    expect(byKind(changes.changed)).toEqual({ document: 15, since: 93, page: 18, manifest: 2, seo: 3 });
    expect(read(`reviews/page/${total}/index.html`)).toContain('A brand-new review for the rebuild test.');
    // The build leaves the published content's entry of the piece the review joined, for the next build to read back
    // (written once the pages are live: published-content-cache.ts).
    const engineFolder = join(analysisCacheDir()!, engineKey(readContentDir(content).business));
    // Those this build used are touched by it (entries of earlier runs of this file may hold the review too).
    const used = readdirSync(engineFolder).filter((n) => n.startsWith('published-') && statSync(join(engineFolder, n)).mtimeMs >= rebuilt - 1000);
    expect(used.filter((n) => readFileSync(join(engineFolder, n), 'utf8').includes('A brand-new review for the rebuild test.'))).toHaveLength(1);
    // Every listing URL of the first build still answers with a page.
    for (let n = 1; n <= Math.ceil(first.reviews.length / PAGE_SIZE); n++) expect(read(`reviews/page/${n}/index.html`)).toContain('<h1>');
  });

  it('an edited review: its listing page and its month page (with the new text), nothing else that shows reviews', { timeout: 240_000 }, async () => {
    const before = readDoc();
    const index = before.reviews.length - 1 - 75; // the 76th oldest: on page 2
    const target = before.reviews[index]!;
    editContent((records) => records.map((r) => (r.id === target.id ? { ...r, text: 'Edited: this text replaced the original.' } : r)));
    const pageOne = () => statSync(join(realpathSync(dist), 'reviews/page/1/index.html')).ino;
    const pageOneBefore = pageOne();
    const documents = () => (JSON.parse(read('build-manifest.json')) as BuildManifest).documents;
    const documentsBefore = documents();
    const changes = await rebuild();
    // Every document whose bytes changed has another Last-Modified, though its newest date stayed (an old review was
    // edited): a client sending the old one back in If-Modified-Since is not told 304.
    const changedDocuments = documents().filter((d) => documentsBefore.find((b) => b.path === d.path)?.identity.etag !== d.identity.etag);
    expect(changedDocuments.map((d) => d.path)).toContain('/reviews.json');
    for (const d of changedDocuments.filter((x) => x.lastModified !== null))
      expect(d.lastModified, d.path).not.toBe(documentsBefore.find((b) => b.path === d.path)?.lastModified);
    // Page reuse: page 1 did not change, so it was not rendered again but linked from the previous build.
    expect(pageOne()).toBe(pageOneBefore);
    const page = pageOfIndex(index, before.reviews.length);
    const pages = pagesOf(changes.changed);
    expect(pages).toContain(`reviews/page/${page}/index.html`);
    expect(pages).toContain(monthPage(target.date));
    // No other listing page or month page; the home page may change (insights quote reviews).
    expect(pages.filter((p) => p !== 'index.html' && !p.startsWith('embed/'))).toEqual(
      [monthPage(target.date), `reviews/page/${page}/index.html`].sort(),
    );
    for (const path of [`reviews/page/${page}/index.html`, monthPage(target.date)]) {
      expect(read(path)).toContain('Edited: this text replaced the original.');
      expect(read(path)).not.toContain(target.text.slice(0, 40));
    }
    expect(readDoc().reviews.find((r) => r.id === target.id)!.text).toBe('Edited: this text replaced the original.');
  });

  it('a removed review: its month page and the listing pages from its own to the newest; older pages stay', { timeout: 240_000 }, async () => {
    const before = readDoc();
    const index = before.reviews.length - 1 - 120; // the 121st oldest: on page 3
    const target = before.reviews[index]!;
    editContent((records) => records.filter((r) => r.id !== target.id));
    const changes = await rebuild();
    const total = Math.ceil((before.reviews.length - 1) / PAGE_SIZE);
    const pages = pagesOf(changes.changed);
    expect(pages).toContain(monthPage(target.date));
    for (let n = 1; n < pageOfIndex(index, before.reviews.length); n++) expect(pages).not.toContain(`reviews/page/${n}/index.html`);
    const months = pages.filter((p) => /^reviews\/\d{4}-\d{2}\//.test(p));
    expect(months).toEqual([monthPage(target.date)]);
    for (let n = 1; n <= total; n++) expect(read(`reviews/page/${n}/index.html`)).not.toContain(`id="${target.id}"`);
  });

  it('a page changed in the live build since it was written is rendered again, never reused (stale or planted bytes)', {
    timeout: 240_000,
  }, async () => {
    const page = join(realpathSync(dist), 'reviews/page/1/index.html');
    const original = readFileSync(page, 'utf8');
    writeFileSync(page, '<p>PLANTED</p>'); // writing through the link changes the live build's file
    const changes = await rebuild();
    expect(read('reviews/page/1/index.html')).toBe(original);
    expect(changes.changed).toContain('reviews/page/1/index.html');
  });

  // Found by an adversarial review: in a shared parent, another user's folder named like an abandoned staging folder
  // made every build fail (EACCES) — as root it was deleted instead.
  it('a leftover of another user beside dist is left alone, and the build goes on', { timeout: 240_000 }, async () => {
    const foreign = join(dir, '.dist.staging-999999');
    mkdirSync(foreign);
    writeFileSync(join(foreign, 'theirs.txt'), 'not ours');
    chownSync(join(foreign, 'theirs.txt'), 65534, 65534);
    chownSync(foreign, 65534, 65534);
    await rebuild();
    expect(readFileSync(join(foreign, 'theirs.txt'), 'utf8')).toBe('not ours');
    rmSync(foreign, { recursive: true });
  });

  it('reuse never changes a byte: the same content built with every cache off is identical', { timeout: 240_000 }, async () => {
    // After three rebuilds that reused the caches — pages, variants, analyses and published content files — (and an edit
    // whose old text must not survive anywhere).
    const other = join(dir, 'no-reuse');
    await runBuild(
      { DIST_DIR: other, CONTENT_DIR: content, BASE_URL: inject('baseUrl'), SINCE_WINDOW_DAYS: 31 },
      { env: { SHINGLE_COMPRESSION_CACHE: 'off', SHINGLE_ANALYSIS_CACHE: 'off' }, onOutput: () => {} },
    );
    const changes = await diffDist(realpathSync(dist), realpathSync(other));
    expect([...changes.added, ...changes.changed, ...changes.removed]).toEqual([]);
    expect(changes.unchanged).toBeGreaterThan(400);
  });
});
