import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { brotliWindow } from '../../core/http/brotli-window.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Fast levels: about 3.5 ms for 280 KB of review JSON (brotli 6 took 7–60 ms), within 10 % of the size. */
const GZIP_LEVEL = 4;
const BROTLI_QUALITY = 4;

/** Compresses dynamic bodies within a bounded cost; `compress` says null when it will not. */
export interface BoundedCompressor {
  /** The compressed bytes (zlib's thread pool, not the main thread), or null: body too large, or a compression is already running. */
  compress(bytes: Buffer, coding: 'gzip' | 'br'): Promise<Buffer> | null;
}

/**
 * Compression of search and since answers at a bounded cost: bodies up to `maxBytes` only, at a
 * fast level, and one at a time per process, so that a flood of distinct requests cannot keep
 * every core busy compressing. A request that finds the compressor busy is answered uncompressed
 * at once rather than wait; a later request for the same body gets it compressed.
 */
export function createBoundedCompressor(maxBytes: number, maxInFlight = 1): BoundedCompressor {
  let active = 0;
  return {
    compress(bytes, coding) {
      if (bytes.length > maxBytes || active >= maxInFlight) return null;
      active++;
      const run =
        coding === 'gzip'
          ? gzipAsync(bytes, { level: GZIP_LEVEL })
          : brotliAsync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_LGWIN]: brotliWindow(bytes.length),
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            });
      return run.finally(() => active--);
    },
  };
}
