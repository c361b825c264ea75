import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import type { RenderedDocument } from '../../core/build/render-documents.ts';
import { lastModifiedOf } from '../../core/model/calendar.ts';
import { brotliWindow } from '../../core/http/brotli-window.ts';
import { etagOfDigest } from '../../core/http/compute-etag.ts';
import { sharedCompressionCache } from './compression-cache.ts';
import { chunkedGzip, DEFLATE_ON_POOL, DEFLATE_ON_THREAD, PIECES_CODE, type GzipPieces } from './chunked-gzip.ts';
import type { Progress } from './progress.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli's best level runs at well under 1 MB/s: fine for feeds and small documents, far too slow for
 * the multi-MB documents of a large business (31 since files of ~1 MB took 40 s). Level 7 compresses a
 * 79 MB reviews.json in 0.5 s to within ~10% of level 11's size. Between 64 and 256 KB level 10 (a 237 KB body
 * takes 336 ms at 11 and 90 ms at 10 for 4% more bytes, 11,676 → 12,184). `archive`: a body of which a build writes
 * many at once, at ARCHIVE_BROTLI_QUALITY up to 256 KB — the archive pages, and the since files, all 31 rewritten
 * with every new review.
 */
export function brotliQuality(bytes: number, archive = false): number {
  if (bytes > LARGE_BODY) return 7;
  if (archive) return ARCHIVE_BROTLI_QUALITY;
  return bytes > MEDIUM_BODY ? 10 : 11;
}

/** Above this many bytes a body is compressed at brotli 7… */
const LARGE_BODY = 256 * 1024;
/** …and above this many at 10 (smaller ones at 11). */
const MEDIUM_BODY = 64 * 1024;

/**
 * Brotli quality of the archive pages (numbered listing pages and month pages): thousands of them at 100k
 * reviews, each compressed once (the compression cache keeps them, and their bytes no longer change when
 * reviews are added), but all of them in a cold build. Qualities 10 and 11 run a much slower optimal parser:
 * the 196 listing pages of a 10,000-review build (10.1 MB) take 12.96 s of CPU at 11 (1,344,612 bytes), 3.23 s
 * at 10 (1,383,292), 2.31 s at 9 and 0.21 s at 8 (1,503,536 bytes: +8.7%, about 600 bytes a page). Quality 8
 * made a cold 100k-review build's page compression several times faster, for that size cost on pages a
 * visitor rarely opens (the home page and the other pages stay at 11).
 */
export const ARCHIVE_BROTLI_QUALITY = 8;
// The since files of 100k reviews up to 256 KB (16 of the 31, 40–250 KB each): 0.38 s of the document writer at 10 and
// 11, 0.015 s at 8, for 8.3% more bytes (72,383 → 78,400 in all: about 380 bytes more per since file a poller fetches).
// With the insights kept between builds, the writer is what a +1 rebuild waits for at the end (2026-11-27).

/** How `compress` makes the variants of a body of `bytes` (part of its compression-cache key). */
export function variantSettings(bytes: number, archive = false): string {
  return `gzip 9${bytes > LARGE_BODY ? ` pieces ${PIECES_CODE}` : ''}|brotli ${brotliQuality(bytes, archive)} window ${brotliWindow(bytes)} text`;
}

/**
 * Where `compress` makes the variants: on the libuv pool (gzip and brotli at once, beside the caller's thread), or
 * on the calling thread, one after the other — the build's document writer runs beside the model step, which keeps
 * one core busy: on the pool its compression took that core too, and the model step took 1–2 s longer.
 */
export type CompressOn = 'pool' | 'thread';

/**
 * The gzip (level 9) and brotli variants of a body. Every body goes through the machine's compression cache,
 * whatever its size: an unchanged page, month archive or document is not compressed again (a 100k-review
 * rebuild has month pages of over 1 MB, which the cache used to skip and recompress every night).
 */
export async function compress(
  body: Buffer,
  cache = sharedCompressionCache(),
  archive = false,
  whileCompressing?: () => void,
  on: CompressOn = 'pool',
  pieces?: GzipPieces,
): Promise<{ gz: Buffer; br: Buffer }> {
  const quality = brotliQuality(body.length, archive);
  const params = variantSettings(body.length, archive);
  const cached = cache ? await cache.get(body, params) : null;
  if (cached) {
    whileCompressing?.();
    return cached;
  }
  const [gzip, brotli] = variantOptions(body.length, quality);
  let gz: Buffer;
  let br: Buffer;
  // Over LARGE_BODY, gzip in pieces (chunked-gzip.ts): a rebuild deflates only the pieces that changed.
  const pieced = body.length > LARGE_BODY;
  if (on === 'thread') {
    gz = pieced ? await chunkedGzip(body, DEFLATE_ON_THREAD, pieces) : gzipSync(body, gzip);
    br = brotliCompressSync(body, brotli);
    whileCompressing?.();
  } else {
    // zlib's async API runs on the libuv pool, so documents compress on both cores at once.
    const variants = Promise.all([pieced ? chunkedGzip(body, DEFLATE_ON_POOL, pieces) : gzipAsync(body, gzip), brotliAsync(body, brotli)]);
    whileCompressing?.(); // the pool has the work: synchronous work of the caller's now runs alongside it
    [gz, br] = await variants;
  }
  if (cache) await cache.put(body, params, { gz, br });
  return { gz, br };
}

/** zlib's options for the gzip (level 9) and brotli variants of a body of `bytes` at brotli `quality`. */
function variantOptions(bytes: number, quality: number): [ZlibOptions, BrotliOptions] {
  return [
    { level: 9 },
    {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindow(bytes),
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
  ];
}

/**
 * The variants at zlib's and brotli's fastest levels: several times larger than `compress`'s, made in a
 * small fraction of the time, and decoded the same way. For builds that are thrown away at once (the test
 * fixtures build the sample content dozens of times, each time with one review more, so nothing
 * can come from the cache); never for a build that is published.
 */
async function compressFast(body: Buffer, whileCompressing?: () => void): Promise<{ gz: Buffer; br: Buffer }> {
  const variants = Promise.all([
    gzipAsync(body, { level: 1 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  whileCompressing?.();
  const [gz, br] = await variants;
  return { gz, br };
}

/** How hard the variants are compressed: `best` for every real build, `fast` for throw-away ones (compressFast). */
export type CompressionEffort = 'best' | 'fast';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A rendered document whose body may already be UTF-8 bytes (as writeAndCheckDocuments hands them over). */
export type DocumentToWrite = Omit<RenderedDocument, 'body'> & { body: string | Uint8Array };

/**
 * Looks at a document's bytes as it is written: while its variants compress on the libuv pool (synchronous work there
 * overlaps the compression), or once they are made when compressing on the calling thread.
 */
export type InspectBody = (doc: DocumentToWrite, body: Buffer) => void;

/** How writeDocuments works: `effort` (default `best`), where it compresses (default the pool), progress, and a look at each body. */
export interface WriteOptions {
  effort?: CompressionEffort;
  on?: CompressOn;
  /** gzip pieces of earlier builds (chunked-gzip.ts), and where this build's are kept. */
  pieces?: GzipPieces;
  progress?: Progress;
  inspect?: InspectBody;
}

/** Writes one document and its gzip and brotli variants; returns its manifest entry. */
async function writeDocument(outDir: string, doc: DocumentToWrite, options: WriteOptions): Promise<ManifestDocument> {
  const file = doc.path.slice(1);
  const body = typeof doc.body === 'string' ? Buffer.from(doc.body, 'utf8') : Buffer.from(doc.body.buffer, doc.body.byteOffset, doc.body.byteLength);
  const look = options.inspect && (() => options.inspect!(doc, body));
  const { gz, br } =
    options.effort === 'fast'
      ? await compressFast(body, look)
      : await compress(body, sharedCompressionCache(), doc.kind === 'since', look, options.on, options.pieces);
  await mkdir(dirname(join(outDir, file)), { recursive: true });
  await Promise.all([writeFile(join(outDir, file), body), writeFile(join(outDir, `${file}.gz`), gz), writeFile(join(outDir, `${file}.br`), br)]);
  // The body hashed once: its digest, and the three ETags (each a hash of the body, RFC 9110 §8.8.3).
  const raw = createHash('sha256').update(body).digest();
  const digest = raw.toString('hex');
  return {
    path: doc.path,
    kind: doc.kind,
    contentType: doc.contentType,
    lastModified: doc.updated ? lastModifiedOf(doc.updated, digest) : null,
    identity: { file, etag: etagOfDigest(raw), bytes: body.length, sha256: digest },
    gzip: { file: `${file}.gz`, etag: etagOfDigest(raw, 'gzip'), bytes: gz.length, sha256: sha256(gz) },
    br: { file: `${file}.br`, etag: etagOfDigest(raw, 'br'), bytes: br.length, sha256: sha256(br) },
  };
}

/** Writes all documents with bounded parallelism (memory stays flat at 100k reviews); `progress` counts them. */
export async function writeDocuments(outDir: string, docs: readonly DocumentToWrite[], options: WriteOptions = {}): Promise<ManifestDocument[]> {
  const out: ManifestDocument[] = new Array(docs.length);
  options.progress?.start(docs.length, 'writing documents');
  let next = 0;
  const worker = async () => {
    while (next < docs.length) {
      const i = next++;
      out[i] = await writeDocument(outDir, docs[i]!, options);
      options.progress?.tick();
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  options.progress?.done();
  return out;
}
