import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `text` to `path` through a temporary file in the same folder and a rename, so a reader (or a
 * crash) never sees a half-written file: the old content stays until the new one is complete. `mode`
 * makes the file exactly that mode (0600 for private files) from the moment it appears.
 */
export function writeFileAtomic(path: string, text: string, options: { mode?: number } = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, text, { mode: options.mode ?? 0o666 });
    // The umask may have narrowed the mode further, never widened it: be exact for a private file.
    if (options.mode !== undefined) chmodSync(temp, options.mode);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
