import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startPagePrecompressor } from '../../../../scripts/lib/precompress-pages.ts';
import { compress } from '../../../../scripts/lib/write-documents.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-precompress-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const html = (n: number) => `<!doctype html><title>Reviews ${n}</title>${'<li>The crew cleaned up every nail.</li>'.repeat(30 + n)}`;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const put = (dir: string, rel: string, body: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), body);
};

describe('startPagePrecompressor (a worker thread compressing the archive pages as Astro writes them)', () => {
  it('compresses the archive pages written before and after it started, exactly as compressPages would, and nothing else', async () => {
    // The thread's compression cache: a folder of this test's (a shared one would answer from earlier runs).
    vi.stubEnv('SHINGLE_COMPRESSION_CACHE', join(scratch, 'cache'));
    const dir = join(scratch, 'astro');
    put(dir, 'reviews/page/1/index.html', html(1));
    put(dir, 'reviews/index.html', html(9)); // the newest reviews: not an archive page
    put(dir, 'reviews/page/2/index.html', 'tiny'); // too small to compress
    const precompressor = startPagePrecompressor(dir);
    put(dir, 'reviews/page/3/index.html', html(3)); // written while it runs
    put(dir, 'reviews/2026-11/index.html', html(11));
    const made = ['reviews/page/1', 'reviews/page/3', 'reviews/2026-11'].map((p) => join(dir, p, 'index.html.br'));
    await vi.waitFor(() => expect(made.every((f) => existsSync(f))).toBe(true), { timeout: 20_000, interval: 20 });
    const { pages, error } = await precompressor.stop();
    vi.unstubAllEnvs();

    expect(error).toBeNull();
    expect([...pages.keys()].sort()).toEqual(['reviews/2026-11/index.html', 'reviews/page/1/index.html', 'reviews/page/3/index.html']);
    for (const [rel, page] of pages) {
      const body = readFileSync(join(dir, rel));
      const gz = readFileSync(join(dir, `${rel}.gz`));
      const br = readFileSync(join(dir, `${rel}.br`));
      expect(page).toEqual({ sha256: sha(body), gz: sha(gz), br: sha(br) });
      // Byte for byte what compressPages makes of an archive page: a build's bytes do not depend on which made them.
      const expected = await compress(body, null, true);
      expect(gz.equals(expected.gz) && br.equals(expected.br)).toBe(true);
    }
    expect(existsSync(join(dir, 'reviews/index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'reviews/page/2/index.html.br'))).toBe(false);
  });

  it('ends when told to even if nothing was ever written, and a second stop answers the same', async () => {
    const precompressor = startPagePrecompressor(join(scratch, 'nothing-here'));
    const first = await precompressor.stop();
    expect(first.pages.size).toBe(0);
    expect(await precompressor.stop()).toEqual(first);
  });
});
