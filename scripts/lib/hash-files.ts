import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * SHA-256 (hex) of the contents of `files`, in the order given, each followed by a NUL: what a cache key names when
 * a few source files decide what was cached (the engine's files outside core/, the code that makes page variants).
 */
export function hashFiles(files: readonly (string | URL)[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}
