import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliWindow } from '../../../../core/http/brotli-window.ts';

describe('brotliWindow', () => {
  it('is the smallest window that holds the body, from 10 up to the default 22 bits', () => {
    expect(brotliWindow(0)).toBe(10);
    expect(brotliWindow(1008)).toBe(10);
    expect(brotliWindow(1009)).toBe(11);
    expect(brotliWindow(52_000)).toBe(16);
    expect(brotliWindow(2 ** 22 - 16)).toBe(22);
    expect(brotliWindow(80_000_000)).toBe(22);
  });

  it('gives variants that decode to the body, no larger than the default window gives', () => {
    const body = Buffer.from(Array.from({ length: 3000 }, (_, i) => `<li>review ${i % 97} of the roof</li>`).join(''));
    const compress = (window?: number) =>
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 8, ...(window && { [constants.BROTLI_PARAM_LGWIN]: window }) },
      });
    const fitted = compress(brotliWindow(body.length));
    expect(brotliDecompressSync(fitted).equals(body)).toBe(true);
    expect(fitted.length).toBeLessThanOrEqual(compress().length);
  });
});
