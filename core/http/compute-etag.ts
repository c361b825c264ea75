import { createHash } from 'node:crypto';

/**
 * Strong ETag of a representation: a SHA-256 of its exact bytes, so it changes exactly when the
 * bytes do. `encoding` makes each content coding a distinct representation (RFC 9110 §8.8.3).
 */
export function computeEtag(bytes: Uint8Array | string, encoding?: 'gzip' | 'br'): string {
  return etagOfDigest(createHash('sha256').update(bytes).digest(), encoding);
}

/** computeEtag's value from the SHA-256 of the bytes, for a caller that has it already (a 57 MB document is not hashed twice). */
export function etagOfDigest(sha256: Uint8Array, encoding?: 'gzip' | 'br'): string {
  const hash = Buffer.from(sha256.buffer, sha256.byteOffset, sha256.byteLength).toString('base64url').slice(0, 32);
  return encoding ? `"${hash}-${encoding}"` : `"${hash}"`;
}

/**
 * The ETag of an encoded variant from the identity ETag, without hashing again: the same value
 * computeEtag(bytes, encoding) gives.
 */
export function etagForEncoding(identityEtag: string, encoding: 'gzip' | 'br'): string {
  return `${identityEtag.slice(0, -1)}-${encoding}"`;
}
