import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressPages, PAGE_VARIANT_SETTINGS, type PrecompressedPage } from '../../../../scripts/lib/compress-pages.ts';
import { compress } from '../../../../scripts/lib/write-documents.ts';
import { compareDist } from '../../../../scripts/lib/diff-dist.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-cp-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const page = (n: number) => `<!doctype html><title>Page ${n}</title>${'<li>The crew cleaned up every nail.</li>'.repeat(20 + n)}`;
let builds = 0;
/** A build folder with these pages at `reviews/page/N/index.html`, compressed (reusing `previous` when given). */
async function build(pages: Record<number, string>, previous?: { dir: string; settings?: string }) {
  const dir = join(scratch, `b${builds++}`);
  for (const [n, html] of Object.entries(pages)) {
    mkdirSync(join(dir, `reviews/page/${n}`), { recursive: true });
    writeFileSync(join(dir, `reviews/page/${n}/index.html`), html);
  }
  const record = previous && (await compareDist(null, previous.dir)).record;
  const reuse = previous && { dir: previous.dir, record: record!, settings: previous.settings ?? PAGE_VARIANT_SETTINGS };
  await compressPages(dir, { previous: reuse });
  return dir;
}
const ino = (dir: string, n: number) => statSync(join(dir, `reviews/page/${n}/index.html.br`)).ino;
const decodes = (dir: string, n: number, html: string) =>
  brotliDecompressSync(readFileSync(join(dir, `reviews/page/${n}/index.html.br`))).toString() === html &&
  gunzipSync(readFileSync(join(dir, `reviews/page/${n}/index.html.gz`))).toString() === html;

describe('compressPages reuses the previous build’s variants of unchanged pages', () => {
  it('links the variants of a page whose bytes are unchanged, compresses a changed one', async () => {
    const first = await build({ 1: page(1), 2: page(2) });
    const next = await build({ 1: page(1), 2: page(22) }, { dir: first });
    expect(ino(next, 1)).toBe(ino(first, 1));
    expect(ino(next, 2)).not.toBe(ino(first, 2));
    expect(decodes(next, 1, page(1)) && decodes(next, 2, page(22))).toBe(true);
  });

  it('not when the variants were made with other settings', async () => {
    const first = await build({ 1: page(1) });
    const next = await build({ 1: page(1) }, { dir: first, settings: 'pages 0|gzip 6' });
    expect(ino(next, 1)).not.toBe(ino(first, 1));
  });

  it('not when a previous variant changed after it was recorded: the page is compressed again', async () => {
    const first = await build({ 1: page(1) });
    const record = (await compareDist(null, first)).record;
    const br = join(first, 'reviews/page/1/index.html.br');
    writeFileSync(br, Buffer.alloc(statSync(br).size)); // same size, other bytes, a later time
    utimesSync(br, new Date(), new Date(Date.now() + 5000));
    const dir = join(scratch, 'changed');
    mkdirSync(join(dir, 'reviews/page/1'), { recursive: true });
    writeFileSync(join(dir, 'reviews/page/1/index.html'), page(1));
    await compressPages(dir, { previous: { dir: first, record, settings: PAGE_VARIANT_SETTINGS } });
    expect(ino(dir, 1)).not.toBe(ino(first, 1));
    expect(decodes(dir, 1, page(1))).toBe(true);
  });
});

describe('compressPages keeps the variants made while Astro rendered (precompressed)', () => {
  const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
  /** A folder with page 1 as `html` and, beside it, variants made from `compressed` (as the precompressor writes them). */
  async function rendered(name: string, html: string, compressed: string) {
    const dir = join(scratch, name);
    mkdirSync(join(dir, 'reviews/page/1'), { recursive: true });
    writeFileSync(join(dir, 'reviews/page/1/index.html'), html);
    const { gz, br } = await compress(Buffer.from(compressed), null, true);
    writeFileSync(join(dir, 'reviews/page/1/index.html.gz'), gz);
    writeFileSync(join(dir, 'reviews/page/1/index.html.br'), br);
    const written = (file: string) => {
      const { ino, size, mtimeMs } = statSync(join(dir, file));
      return { ino, size, mtimeMs };
    };
    const made: PrecompressedPage = {
      sha256: sha(compressed),
      gz: sha(gz),
      br: sha(br),
      gzFile: written('reviews/page/1/index.html.gz'),
      brFile: written('reviews/page/1/index.html.br'),
    };
    return { dir, made };
  }

  it('of a page whose bytes are the ones compressed: kept as written, with their hashes', async () => {
    const { dir, made } = await rendered('pre-same', page(3), page(3));
    const before = ino(dir, 1);
    const { hashes, precompressedKept } = await compressPages(dir, { precompressed: new Map([['reviews/page/1/index.html', made]]) });
    expect(ino(dir, 1)).toBe(before);
    expect(precompressedKept).toBe(1);
    expect(hashes.get('reviews/page/1/index.html.br')).toBe(made.br);
    expect(hashes.get('reviews/page/1/index.html.gz')).toBe(made.gz);
    expect(decodes(dir, 1, page(3))).toBe(true);
  });

  it('not of a page that changed after it was read (read while Astro was writing it): compressed again', async () => {
    const { dir, made } = await rendered('pre-changed', page(4), page(4).slice(0, 300));
    const { hashes, precompressedKept } = await compressPages(dir, { precompressed: new Map([['reviews/page/1/index.html', made]]) });
    expect(decodes(dir, 1, page(4))).toBe(true);
    expect(precompressedKept).toBe(0);
    expect(hashes.get('reviews/page/1/index.html.br')).toBe(sha(readFileSync(join(dir, 'reviews/page/1/index.html.br'))));
  });

  // Found by a review: the variants' hashes were taken from the report without looking at the files, so a variant
  // removed or replaced meanwhile would have been recorded (and reused by the next build) under the hash of another.
  it('not when a variant is no longer the file it wrote (removed, replaced, or another link to it): compressed again', async () => {
    const pageRel = 'reviews/page/1/index.html';
    const removed = await rendered('pre-removed', page(7), page(7));
    rmSync(join(removed.dir, `${pageRel}.gz`));
    const replaced = await rendered('pre-replaced', page(8), page(8));
    writeFileSync(join(replaced.dir, `${pageRel}.br`), (await compress(Buffer.from(page(9)), null, true)).br);
    const linkedTo = await rendered('pre-linked', page(10), page(10));
    linkSync(join(linkedTo.dir, `${pageRel}.br`), join(scratch, 'pre-linked-elsewhere.br'));
    for (const [{ dir, made }, html] of [
      [removed, page(7)],
      [replaced, page(8)],
      [linkedTo, page(10)],
    ] as const) {
      const { hashes, precompressedKept } = await compressPages(dir, { precompressed: new Map([[pageRel, made]]) });
      expect(precompressedKept).toBe(0);
      expect(decodes(dir, 1, html)).toBe(true);
      expect(hashes.get(`${pageRel}.br`)).toBe(sha(readFileSync(join(dir, `${pageRel}.br`))));
    }
  });

  it('variants left by an attempt the precompressor did not report are replaced, not an error', async () => {
    const { dir } = await rendered('pre-unreported', page(5), page(6));
    await compressPages(dir, { precompressed: new Map() });
    expect(decodes(dir, 1, page(5))).toBe(true);
  });
});

describe('PAGE_VARIANT_SETTINGS', () => {
  // Found by an adversarial review: the settings were a hand-written summary, so a changed window rule or size class
  // reused the previous build's variants of every unchanged page.
  it('names a hash of the code that makes the variants, not only a summary of it', () => {
    const sources = [
      'scripts/lib/compress-pages.ts',
      'scripts/lib/precompress-pages-worker.ts',
      'scripts/lib/write-documents.ts',
      'scripts/lib/chunked-gzip.ts',
      'core/http/brotli-window.ts',
    ];
    const root = join(import.meta.dirname, '../../../..');
    const hash = createHash('sha256');
    for (const file of sources) hash.update(readFileSync(join(root, file))).update('\0');
    expect(PAGE_VARIANT_SETTINGS).toContain(`|code ${hash.digest('hex').slice(0, 16)}|`);
  });
});
