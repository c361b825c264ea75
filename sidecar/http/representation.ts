import type { IncomingMessage, ServerResponse } from 'node:http';
import { isNotModified } from '../../core/http/conditional-get.ts';
import { acceptableEncoding, type ContentCoding } from '../../core/http/negotiate-encoding.ts';

/** One encoding of a response body with every header precomputed, for 200 and for 304. */
export interface Variant {
  /** The body, or its consecutive parts (written one after the other, never joined). */
  bytes: Buffer | readonly Buffer[];
  etag: string;
  lastModified: string | null;
  /** Flat [name, value, name, value, …] lists, as writeHead accepts them. */
  head200: string[];
  head304: string[];
}

/** The per-build headers of a response: everything but the body-specific ones. */
export interface ResponseMeta {
  contentType: string;
  lastModified: string | null;
  cacheControl: string;
  link?: string | undefined;
  /** Headers every response carries (CORS, security). */
  common: readonly [string, string][];
}

/**
 * Precomputes the headers of one encoding. A 304 repeats the validators and the caching headers a
 * 200 would carry (RFC 9110 §15.4.5), CORS included so cross-origin revalidation works.
 */
export function makeVariant(bytes: Buffer | readonly Buffer[], etag: string, coding: ContentCoding, meta: ResponseMeta): Variant {
  const length = Buffer.isBuffer(bytes) ? bytes.length : bytes.reduce((sum, b) => sum + b.length, 0);
  const shared: string[] = ['ETag', etag, 'Cache-Control', meta.cacheControl, 'Vary', 'Accept-Encoding'];
  if (meta.lastModified) shared.push('Last-Modified', meta.lastModified);
  if (meta.link) shared.push('Link', meta.link);
  for (const [name, value] of meta.common) shared.push(name, value);
  const head200 = ['Content-Type', meta.contentType, 'Content-Length', String(length), ...shared];
  if (coding !== 'identity') head200.push('Content-Encoding', coding);
  return { bytes, etag, lastModified: meta.lastModified, head200, head304: shared };
}

const negotiated = new Map<string, ContentCoding | null>();

/**
 * acceptableEncoding, memoised per distinct Accept-Encoding value (browsers send a handful): null
 * when the client accepts none of our codings, identity included (the caller answers 406).
 */
export function codingFor(req: IncomingMessage): ContentCoding | null {
  const header = req.headers['accept-encoding'];
  if (header === undefined) return 'identity';
  let coding = negotiated.get(header);
  if (coding === undefined) {
    coding = acceptableEncoding(header);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(header, coding);
  }
  return coding;
}

/**
 * Answers a GET or HEAD with a precomputed variant: 304 with an empty body when the request's
 * validators match, else 200 (no body for HEAD). Returns the status sent.
 */
export function sendVariant(req: IncomingMessage, res: ServerResponse, variant: Variant): number {
  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  if ((ifNoneMatch !== undefined || ifModifiedSince !== undefined) && isNotModified({ ifNoneMatch, ifModifiedSince }, variant)) {
    res.writeHead(304, variant.head304);
    res.end();
    return 304;
  }
  res.writeHead(200, variant.head200);
  const body = variant.bytes;
  if (req.method === 'HEAD') res.end();
  else if (Buffer.isBuffer(body)) res.end(body);
  else {
    res.cork();
    for (const part of body) res.write(part);
    res.end();
  }
  return 200;
}
