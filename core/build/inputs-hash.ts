import { createHash } from 'node:crypto';
import type { BuildOptions } from './build-options.ts';

/**
 * What a build depends on besides content and settings: the code that renders it. Paths are relative
 * to the project root; folders count with every file below them. The sidecar is not here: nothing
 * in the build imports it (lint keeps it so), so editing it never makes `npm start` rebuild.
 */
export const BUILD_CODE_PATHS = ['core', 'site', 'scripts/build.ts', 'scripts/lib', 'astro.config.mjs', 'package-lock.json'] as const;

/** One input file: its path (code: relative to the project root; content: `<content>/` and its path in the content folder) and its bytes. */
export interface BuildInputFile {
  path: string;
  /** The file's bytes, whole or as consecutive chunks (a large content file is hashed without being held whole). */
  bytes: Uint8Array | Iterable<Uint8Array>;
}

/**
 * Hash of everything a build depends on: the settings, then every input file by path and bytes, in
 * the order given (callers sort). Equal hashes mean dist/ is current, so `npm start` can skip a build.
 */
export function hashBuildInputs(settings: BuildOptions, files: Iterable<BuildInputFile>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of files) {
    hash.update(file.path).update('\0');
    if (file.bytes instanceof Uint8Array) hash.update(file.bytes);
    else for (const chunk of file.bytes) hash.update(chunk);
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}
