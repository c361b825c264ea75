import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PagePrecompressor, startPagePrecompressor } from '../../../../scripts/lib/precompress-pages.ts';
import { compress } from '../../../../scripts/lib/write-documents.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-precompress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const html = (n: number) => `<!doctype html><title>Reviews ${n}</title>${'<li>The crew cleaned up every nail.</li>'.repeat(30 + n)}`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const put = (dir: string, rel: string, body: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), body);
};
/** Waits for a thread's files (it runs on its own; there is no clock to advance). */
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 20_000, interval: 20 });
const TEST_MS = 30_000;

// Every test's thread is stopped, even when the test fails part-way; its compression cache is a folder of its own
// (a shared one would answer from earlier runs).
let running: PagePrecompressor | null = null;
let folders = 0;
const folder = () => join(scratch, `t${folders++}`);
beforeEach(() => vi.stubEnv('SHINGLE_COMPRESSION_CACHE', join(scratch, `cache${folders}`)));
afterEach(async () => {
  await running?.stop();
  running = null;
  vi.unstubAllEnvs();
});
const start = (dir: string, module?: URL) => (running = startPagePrecompressor(dir, module));

describe('startPagePrecompressor (a worker thread compressing the archive pages as Astro writes them)', () => {
  it(
    'compresses the archive pages written before and after it started, exactly as compressPages would, and nothing else',
    async () => {
      const dir = folder();
      put(dir, 'reviews/page/1/index.html', html(1));
      put(dir, 'reviews/index.html', html(9)); // the newest reviews: not an archive page
      put(dir, 'reviews/page/2/index.html', 'tiny'); // too small to compress
      const precompressor = start(dir);
      put(dir, 'reviews/page/3/index.html', html(3)); // written while it runs
      put(dir, 'reviews/2026-11/index.html', html(11));
      const made = ['reviews/page/1', 'reviews/page/3', 'reviews/2026-11'].map((p) => join(dir, p, 'index.html.br'));
      await until(() => made.every((f) => existsSync(f)));
      const { pages, error } = await precompressor.stop();

      expect(error).toBeNull();
      expect([...pages.keys()].sort()).toEqual(['reviews/2026-11/index.html', 'reviews/page/1/index.html', 'reviews/page/3/index.html']);
      for (const [rel, page] of pages) {
        const body = readFileSync(join(dir, rel));
        const gz = readFileSync(join(dir, `${rel}.gz`));
        const br = readFileSync(join(dir, `${rel}.br`));
        expect([page.sha256, page.gz, page.br]).toEqual([sha(body), sha(gz), sha(br)]);
        const { ino, size, mtimeMs } = statSync(join(dir, `${rel}.br`));
        expect(page.brFile).toEqual({ ino, size, mtimeMs });
        // Byte for byte what compressPages makes of an archive page: a build's bytes do not depend on which made them.
        const expected = await compress(body, null, true);
        expect(gz.equals(expected.gz) && br.equals(expected.br)).toBe(true);
      }
      expect(existsSync(join(dir, 'reviews/index.html.br'))).toBe(false);
      expect(existsSync(join(dir, 'reviews/page/2/index.html.br'))).toBe(false);
    },
    TEST_MS,
  );

  it(
    'stops after the page in hand, not after every page waiting, and has ended when stop() resolves',
    async () => {
      // The build renames the folder once stop() resolves: a thread still writing would write into the renamed build.
      const dir = folder();
      const waiting = 400;
      for (let n = 1; n <= waiting; n++) put(dir, `reviews/page/${n}/index.html`, html(n));
      const precompressor = start(dir);
      await until(() => readdirSync(join(dir, 'reviews/page')).some((n) => existsSync(join(dir, 'reviews/page', n, 'index.html.br'))));
      const { pages } = await precompressor.stop();
      expect(precompressor.threadId).toBe(-1);
      expect(pages.size).toBeGreaterThan(0);
      expect(pages.size).toBeLessThan(waiting);
      const written = readdirSync(join(dir, 'reviews/page')).filter((n) => existsSync(join(dir, 'reviews/page', n, 'index.html.br')));
      expect(written.length).toBe(pages.size); // every page it wrote was reported, and nothing more was written
      expect(await precompressor.stop()).toEqual({ pages, error: null }); // a second stop answers the same
    },
    TEST_MS,
  );

  it(
    'never writes through a file already where a variant goes (a planted link): the page is left to compressPages',
    async () => {
      const dir = folder();
      const outside = join(scratch, 'outside.txt');
      writeFileSync(outside, 'not yours');
      put(dir, 'reviews/page/1/index.html', html(1));
      symlinkSync(outside, join(dir, 'reviews/page/1/index.html.br'));
      put(dir, 'reviews/page/2/index.html', html(2));
      const precompressor = start(dir);
      await until(() => existsSync(join(dir, 'reviews/page/2/index.html.br')));
      await until(() => !existsSync(join(dir, 'reviews/page/1/index.html.br'))); // the link removed, nothing written
      const { pages } = await precompressor.stop();
      expect(readFileSync(outside, 'utf8')).toBe('not yours');
      expect([...pages.keys()]).toEqual(['reviews/page/2/index.html']);
      expect(existsSync(join(dir, 'reviews/page/1/index.html.gz'))).toBe(false);
    },
    TEST_MS,
  );

  it('a thread that cannot start reports its error and no pages; it never fails the build', async () => {
    const precompressor = start(folder(), new URL('./no-such-precompressor.ts', import.meta.url));
    const { pages, error } = await precompressor.stop();
    expect(pages.size).toBe(0);
    expect(error?.message).toMatch(/no-such-precompressor/);
  });
});
