import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { computeEtag, etagForEncoding } from '../../core/http/compute-etag.ts';
import type { ContentCoding } from '../../core/http/negotiate-encoding.ts';
import type { BoundedCompressor } from './bounded-compressor.ts';
import { LruCache } from './lru-cache.ts';
import { sendNotAcceptable } from './not-acceptable.ts';
import { codingFor, makeVariant, sendVariant, type ResponseMeta, type Variant } from './representation.ts';

/** Below this size compression saves less than a packet. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * What a dynamic route computes for a response: its bytes, possibly as consecutive parts (a since
 * body is a head, a slice of reviews.json and a tail), and the date behind it.
 */
export interface DynamicBody {
  parts: readonly Buffer[];
  lastModified: string | null;
}

interface Entry {
  key: string;
  identity: Variant;
  /** Compression under way or done; `ready` holds the finished ones so a hit can answer synchronously. */
  compressed: Partial<Record<'gzip' | 'br', Promise<Variant>>>;
  ready: Partial<Record<'gzip' | 'br', Variant>>;
  weight: number;
}

/**
 * Responses of the search and since routes within one build, keyed by the normalised request:
 * the body is produced, and its ETag hashed, once per distinct key (not per request); gzip and
 * brotli variants are compressed off the main thread on demand, within the compressor's bounds
 * (size, level, one at a time: identity is sent meanwhile), and kept beside it. Entries
 * live in a bounded LRU; a new build gets a new instance, so nothing outlives its data. Bodies
 * above an eighth of the bound are sent uncompressed from their parts (see `send`).
 */
export class DynamicResponses {
  readonly #cache: LruCache<Entry>;
  /** ETags of bodies too large to keep: hashed once per build, their bytes produced per request. */
  readonly #largeEtags: LruCache<string>;
  readonly #meta: Omit<ResponseMeta, 'lastModified'>;
  readonly #largeBytes: number;
  readonly #compressor: BoundedCompressor;

  constructor(maxEntries: number, maxBytes: number, meta: Omit<ResponseMeta, 'lastModified'>, compressor: BoundedCompressor) {
    this.#compressor = compressor;
    this.#cache = new LruCache<Entry>(maxEntries, maxBytes);
    this.#largeEtags = new LruCache<string>(10_000, 10_000);
    this.#meta = meta;
    this.#largeBytes = Math.max(MIN_COMPRESS_BYTES, Math.floor(maxBytes / 8));
  }

  /**
   * Answers the request from the entry for `key`, producing it first when needed. Synchronous
   * (returns the status) when the entry and its encoding are ready; a promise while compressing.
   */
  send(req: IncomingMessage, res: ServerResponse, key: string, produce: () => DynamicBody): number | Promise<number> {
    if (codingFor(req) === null) return sendNotAcceptable(req, res, this.#meta.common);
    const hit = this.#cache.get(key);
    if (hit) return this.#sendEntry(req, res, hit);
    const body = produce();
    const length = body.parts.reduce((sum, p) => sum + p.length, 0);
    const meta = { ...this.#meta, lastModified: body.lastModified };
    if (length > this.#largeBytes) {
      // A large body (a since date years back: most of reviews.json) is not kept, not joined and
      // not compressed per request: its parts are written as they are, under an ETag hashed once.
      let etag = this.#largeEtags.get(key);
      if (etag === undefined) this.#largeEtags.set(key, (etag = hashParts(body.parts)), 1);
      return sendVariant(req, res, makeVariant(body.parts, etag, 'identity', meta));
    }
    const bytes = body.parts.length === 1 ? body.parts[0]! : Buffer.concat(body.parts);
    const entry: Entry = { key, identity: makeVariant(bytes, computeEtag(bytes), 'identity', meta), compressed: {}, ready: {}, weight: length };
    this.#cache.set(key, entry, entry.weight);
    return this.#sendEntry(req, res, entry);
  }

  #sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry): number | Promise<number> {
    const variant = this.#variant(entry, codingFor(req) ?? 'identity');
    return variant instanceof Promise ? variant.then((v) => sendVariant(req, res, v)) : sendVariant(req, res, variant);
  }

  #variant(entry: Entry, coding: ContentCoding): Variant | Promise<Variant> {
    const identity = entry.identity;
    const plain = identity.bytes as Buffer;
    if (coding === 'identity' || plain.length < MIN_COMPRESS_BYTES) return identity;
    const ready = entry.ready[coding];
    if (ready) return ready;
    const existing = entry.compressed[coding];
    if (existing) return existing;
    const started = this.#compressor.compress(plain, coding);
    if (!started) return identity;
    const promise = started.then(
      (bytes) => {
        entry.weight += bytes.length;
        this.#cache.reweigh(entry.key, entry.weight);
        const meta = { ...this.#meta, lastModified: identity.lastModified };
        // Same rule as the build: the ETag of an encoding is the identity hash tagged with the coding.
        const variant = makeVariant(bytes, etagForEncoding(identity.etag, coding), coding, meta);
        entry.ready[coding] = variant;
        return variant;
      },
      () => {
        // Compression failed (out of memory?): send identity now, try again next time.
        delete entry.compressed[coding];
        return identity;
      },
    );
    entry.compressed[coding] = promise;
    return promise;
  }
}

/** computeEtag of the joined parts, without joining them. */
function hashParts(parts: readonly Buffer[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}
