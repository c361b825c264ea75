import { createHash, randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { mkdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { isOwnFolder } from './is-own-folder.ts';

// On the libuv pool: a rebuild verifies thousands of entries, on every core and off the main thread.
type Decode = (input: Buffer, options: { info: true }) => Promise<{ buffer: Buffer; engine: { bytesWritten: number } }>;
const gunzipAsync = promisify(gunzip) as unknown as Decode;
const brotliDecompressAsync = promisify(brotliDecompress) as unknown as Decode;

/**
 * What a variant decodes to, or null when the decoder stops before its last byte: gzip and brotli decoders ignore
 * what follows the end of a stream, so a variant with anything appended (a planted script, zeros) decoded to the
 * body all the same and was served with its tail.
 */
async function whole(decode: Decode, variant: Buffer): Promise<Buffer | null> {
  const { buffer, engine } = await decode(variant, { info: true });
  return engine.bytesWritten === variant.length ? buffer : null;
}

/** Where builds on this machine share compressed variants (SHINGLE_COMPRESSION_CACHE overrides, `off` disables). */
export function compressionCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.SHINGLE_COMPRESSION_CACHE ?? join(tmpdir(), 'shingle-compression-cache');
  return dir === 'off' || dir === '' ? null : dir;
}

/**
 * One file per body holds both variants (`pack`): half the files a cold 100k-review build creates in the cache
 * (6,144 instead of 12,288 for its pages). Creating a file took 0.2–0.8 ms on the machine measured, against about
 * 1.7 ms to compress a listing page both ways.
 */
const ENTRY_EXT = 'gzbr';
/** Our entries (`<sha256>.gzbr`; `.gz` and `.br`, one file per variant, of builds before that) and temporary files; prune touches nothing else. */
const ENTRY = /^\.?[0-9a-f]{64}\.(gzbr|gz|br)(\.\d+-[0-9a-f]{8}\.tmp)?$/;
/** An entry starts with the gzip variant's length (32-bit big-endian), then the gzip and the brotli variant. */
const LENGTH_BYTES = 4;

function pack({ gz, br }: { gz: Buffer; br: Buffer }): Buffer {
  const head = Buffer.alloc(LENGTH_BYTES);
  head.writeUInt32BE(gz.length);
  return Buffer.concat([head, gz, br]);
}

/** The variants of an entry, or null when it is too short to hold what its length says. */
function unpack(entry: Buffer): { gz: Buffer; br: Buffer } | null {
  if (entry.length < LENGTH_BYTES) return null;
  const end = LENGTH_BYTES + entry.readUInt32BE(0);
  if (end > entry.length) return null;
  return { gz: entry.subarray(LENGTH_BYTES, end), br: entry.subarray(end) };
}

/** Entries not used by a build for this long are removed (as a build starts). */
const KEEP_MS = 30 * 24 * 3600 * 1000;
/**
 * A thread's code: removes the entries of the folder it is handed (only names ENTRY matches: our own files, whatever
 * else is there) last used before `before`. On a thread of its own, with synchronous calls: a 100k-review build
 * leaves ~11,800 entries, and a stat each through the thread pool, 64 at a time, took 0.1 s of the main thread's time
 * (the promises' callbacks) from a build that starts it beside the model step; one after another, 0.1 s of its end.
 */
const PRUNE_ENTRIES = `
const { workerData: { dir, entry, before } } = require('node:worker_threads');
const { readdirSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');
const ours = new RegExp(entry);
for (const name of readdirSync(dir)) {
  if (!ours.test(name)) continue;
  try {
    if (statSync(join(dir, name)).mtimeMs < before) rmSync(join(dir, name), { force: true });
  } catch {}
}`;

export interface CompressionCache {
  /** The cached variants of `body`, or null when there are none, or none that decompress to exactly `body`. */
  get(body: Buffer, params: string): Promise<{ gz: Buffer; br: Buffer } | null>;
  /** Stores the variants of `body` (written to temporary names and renamed: concurrent builds never see half a file). */
  put(body: Buffer, params: string, variants: { gz: Buffer; br: Buffer }): Promise<void>;
  /** Removes entries unused for 30 days. */
  prune(now?: number): Promise<void>;
}

/**
 * A content-addressed cache of the gzip and brotli variants of bodies, shared by the builds of one
 * machine. Builds are deterministic and most pages of a rebuild are byte-identical to the previous
 * build's, and brotli's best level is most of a build's compression time: an unchanged page is
 * compressed once, not at every build. The key is the body's SHA-256 with the compression settings and
 * the zlib and brotli versions. An entry is used only after it decompresses to exactly the body, so a
 * stale, truncated or planted file in a shared temporary folder can never reach a build's output; and
 * the cache never fails a build (any error: compress as if it were not there).
 */
export function createCompressionCache(dir: string): CompressionCache {
  // The last key made: a miss is followed by a put of the same body (a 57 MB reviews.json was hashed for both).
  let last: { body: Buffer; params: string; key: string } | null = null;
  const keyOf = (body: Buffer, params: string) => {
    if (last?.body === body && last.params === params) return last.key;
    const key = createHash('sha256').update(`${params}|zlib ${process.versions.zlib}|brotli ${process.versions.brotli}|`).update(body).digest('hex');
    last = { body, params, key };
    return key;
  };
  return {
    async get(body, params) {
      const file = join(dir, `${keyOf(body, params)}.${ENTRY_EXT}`);
      try {
        if (!(await isOwnFolder(dir))) return null;
        const variants = unpack(await readFile(file));
        if (!variants) return null;
        const [plain, decoded] = await Promise.all([whole(gunzipAsync, variants.gz), whole(brotliDecompressAsync, variants.br)]);
        if (!plain?.equals(body) || !decoded?.equals(body)) return null;
        const now = new Date();
        await utimes(file, now, now).catch(() => undefined);
        return variants;
      } catch {
        return null;
      }
    },
    async put(body, params, variants) {
      const key = keyOf(body, params);
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        if (!(await isOwnFolder(dir))) return;
        const temp = join(dir, `.${key}.${ENTRY_EXT}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
        try {
          await writeFile(temp, pack(variants));
          await rename(temp, join(dir, `${key}.${ENTRY_EXT}`));
        } catch (e) {
          await rm(temp, { force: true }).catch(() => undefined); // a full disk: never leave half an entry behind
          throw e;
        }
      } catch {
        // A full disk or a folder we may not write to: the build goes on without caching.
      }
    },
    async prune(now = Date.now()) {
      try {
        if (!(await isOwnFolder(dir))) return;
        await new Promise<void>((resolve) => {
          const worker = new Worker(PRUNE_ENTRIES, { eval: true, workerData: { dir, entry: ENTRY.source, before: now - KEEP_MS } });
          worker.once('exit', () => resolve());
          worker.once('error', () => undefined); // 'exit' follows: what is left is pruned next time
        });
      } catch {
        // No cache folder yet, or another build pruning it at the same time.
      }
    },
  };
}

let shared: CompressionCache | null | undefined;

/** The cache of this process's environment (null when SHINGLE_COMPRESSION_CACHE=off). */
export function sharedCompressionCache(): CompressionCache | null {
  if (shared === undefined) {
    const dir = compressionCacheDir();
    shared = dir === null ? null : createCompressionCache(dir);
  }
  return shared;
}
