import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';
import { splitReviewsDocument } from '../../core/feeds/reviews-layout.ts';
import { hashFiles } from './hash-files.ts';
import { isOwnFolder } from './is-own-folder.ts';
import { removeLeftTemps, writeFileAtomic } from './write-file-atomic.ts';

/**
 * gzip made of pieces deflated each on its own (as `gzip --rsyncable` and pigz do): a piece ends with a sync flush, and
 * is deflated with the 32 KB before it as its dictionary, so its bytes depend on its own bytes and that window alone.
 * The pieces of a reviews document (`reviews.json`, a since file: splitReviewsDocument's layout) end after a review
 * whose id hashes to a multiple of PIECE_EVERY, so a new, edited or removed review changes the piece around it (and the
 * next one when it is within the window): a rebuild deflates one piece of `reviews.json` (57 MB at 100k reviews,
 * 0.5–0.6 s at level 9) and takes the rest from the previous build (`GzipPieces`). Any other body is one piece. Any
 * decoder reads the result as one gzip member, 0.1% larger than one deflate stream over the whole body.
 */
const LEVEL = 9;
/** A review ends a piece when its id's FNV-1a hash is a multiple of this: pieces of about this many reviews. */
const PIECE_EVERY = 1024;
/** Deflate's window: a piece may refer this far back. */
const WINDOW = 32 * 1024;
/** A review's JSON starts with its id (renderReviewsDocument). */
const ID_START = Buffer.from('{"id":"');
const QUOTE = 0x22;
/** The gzip header: deflate, no flags, no time, best compression (XFL 2), Unix (OS 3) — zlib's own for level 9 here. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3]);
/** An empty final block with fixed codes: ends the deflate stream after the last piece's sync flush. */
const LAST_BLOCK = Buffer.from([3, 0]);
/**
 * This file's source, hashed: the pieces' bytes depend on every choice above, so it is part of the settings a variant
 * is cached under (variantSettings in write-documents.ts) and of the pieces file's header.
 */
export const PIECES_CODE = hashFiles([new URL(import.meta.url)]).slice(0, 16);

/** Where each piece of `body` ends: after each review that ends a piece (top-level reviews only), and at the end. */
export function pieceEnds(body: Buffer): number[] {
  const ends: number[] = [];
  const layout = splitReviewsDocument(body)?.layout;
  for (let i = 0; layout && i < layout.ends.length - 1; i++) {
    const start = i === 0 ? layout.start + 1 : layout.ends[i - 1]! + 1;
    if (!body.subarray(start, start + ID_START.length).equals(ID_START)) continue;
    let hash = 0x811c9dc5;
    for (let k = start + ID_START.length; k < layout.ends[i]! && body[k] !== QUOTE; k++) {
      hash ^= body[k]!;
      hash = Math.imul(hash, 0x01000193);
    }
    if ((hash >>> 0) % PIECE_EVERY === 0) ends.push(layout.ends[i]! + 1); // after the review and its comma
  }
  ends.push(body.length);
  return ends;
}

/** Pieces deflated by earlier builds, by the SHA-256 of their bytes. */
export interface GzipPieces {
  get(sha: string): Buffer | undefined;
  /** Remembers a piece this build used (deflated now or taken): the ones kept for the next build. */
  used(sha: string, deflated: Buffer): void;
  save(): Promise<void>;
}

/** How a piece is deflated: on the calling thread, or on the libuv pool. */
export type Deflate = (piece: Buffer, options: ZlibOptions) => Buffer | Promise<Buffer>;
const deflateAsync = promisify(deflateRaw);
export const DEFLATE_ON_THREAD: Deflate = deflateRawSync;
export const DEFLATE_ON_POOL: Deflate = (piece, options) => deflateAsync(piece, options);

/**
 * The gzip variant of `body` (see above); `pieces`: the pieces of earlier builds, and where to keep this one's. The same
 * bytes whichever pieces were kept and wherever they are deflated.
 */
export async function chunkedGzip(body: Buffer, deflate: Deflate, pieces?: GzipPieces): Promise<Buffer> {
  const parts: Buffer[] = [HEADER];
  let start = 0;
  for (const end of pieceEnds(body)) {
    if (end === start) continue;
    const piece = body.subarray(start, end);
    // The window before the piece as its dictionary (as pigz does): it may refer back to it, as one stream would.
    const dictionary = body.subarray(Math.max(0, start - WINDOW), start);
    const sha = pieces ? createHash('sha256').update(`${dictionary.length}|`).update(dictionary).update(piece).digest('hex') : '';
    let deflated = pieces?.get(sha);
    // A sync flush ends the piece on a byte boundary, with no final block: the next piece's blocks follow on.
    deflated ??= await deflate(piece, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary.length > 0 && { dictionary }) });
    pieces?.used(sha, deflated);
    parts.push(deflated);
    start = end;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body) >>> 0, 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}

const MAGIC = Buffer.from('SHINGLE-GZIP-PIECES-1\n');
const FILE = 'gzip-pieces.bin';
/** Pieces kept beyond this build's own, up to this many bytes in all: those of documents that did not change this time. */
const KEPT_BYTES = 16 * 1024 * 1024;
const SHA_BYTES = 32;
/** What the deflated bytes of a piece depend on besides the piece. */
const SETTINGS = createHash('sha256').update(`pieces 1|code ${PIECES_CODE}|zlib ${process.versions.zlib}`).digest();

/**
 * The pieces kept in the compression cache folder `dir` by the last build (`gzip-pieces.bin`: MAGIC, the settings' hash,
 * the SHA-256 of the rest, then [piece SHA-256][u32 length][deflated] …). Trusted only in a folder of this user's that no
 * one else may write to, and only whole (its checksum); what a build then writes is checked once more as a whole: the
 * build decodes every variant it wrote and compares it with the document (check-dist.ts). Never throws.
 */
export async function loadGzipPieces(dir: string): Promise<GzipPieces> {
  const before = new Map<string, Buffer>();
  const now = new Map<string, Buffer>();
  try {
    if (await isOwnFolder(dir)) {
      const file = await readFile(join(dir, FILE));
      const head = MAGIC.length + 2 * SHA_BYTES;
      const body = file.subarray(head);
      const sum = file.subarray(MAGIC.length + SHA_BYTES, head);
      if (
        file.length >= head &&
        file.subarray(0, MAGIC.length).equals(MAGIC) &&
        file.subarray(MAGIC.length, MAGIC.length + SHA_BYTES).equals(SETTINGS) &&
        createHash('sha256').update(body).digest().equals(sum)
      ) {
        for (let at = 0; at + SHA_BYTES + 4 <= body.length; ) {
          const sha = body.toString('hex', at, at + SHA_BYTES);
          const length = body.readUInt32BE(at + SHA_BYTES);
          at += SHA_BYTES + 4;
          if (at + length > body.length) break;
          before.set(sha, body.subarray(at, at + length));
          at += length;
        }
      }
    }
  } catch {
    // None kept yet, or unreadable: every piece is deflated.
  }
  let deflatedNow = 0;
  return {
    get: (sha) => before.get(sha),
    used(sha, deflated) {
      if (!before.has(sha)) deflatedNow++;
      now.set(sha, deflated);
    },
    async save() {
      // Nothing deflated (every body came from the compression cache, or a build that compresses nothing): the file
      // stays as it is, and the pieces it holds serve the next build that needs them.
      if (deflatedNow === 0) return;
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        if (!(await isOwnFolder(dir))) return;
        // This build's pieces, then the earlier ones it did not use (a document it took whole from the compression cache
        // may change next time), up to KEPT_BYTES in all or twice this build's.
        const parts: Buffer[] = [];
        const keep = (sha: string, deflated: Buffer) => {
          const length = Buffer.alloc(4);
          length.writeUInt32BE(deflated.length);
          parts.push(Buffer.from(sha, 'hex'), length, deflated);
        };
        let bytes = 0;
        for (const [sha, deflated] of now) {
          keep(sha, deflated);
          bytes += deflated.length;
        }
        const limit = Math.max(KEPT_BYTES, 2 * bytes);
        for (const [sha, deflated] of before) {
          if (now.has(sha)) continue;
          if (bytes + deflated.length > limit) break;
          keep(sha, deflated);
          bytes += deflated.length;
        }
        const body = Buffer.concat(parts);
        const path = join(dir, FILE);
        writeFileAtomic(path, Buffer.concat([MAGIC, SETTINGS, createHash('sha256').update(body).digest(), body]), { mode: 0o600 });
        removeLeftTemps(path);
      } catch {
        // A full disk or a folder we may not write to: the next build deflates every piece.
      }
    },
  };
}
