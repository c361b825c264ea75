import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `text` to `path` through a temporary file in the same folder and a rename, so a reader (or a
 * crash) never sees a half-written file: the old content stays until the new one is complete. `mode`
 * makes the file exactly that mode (0600 for private files) from the moment it appears; without it, a file that is
 * replaced keeps its mode (`init` rewrote a 0600 `.env` holding API secrets as 0644, readable by everyone).
 */
export function writeFileAtomic(path: string, text: string | Uint8Array, options: { mode?: number } = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const mode = options.mode ?? modeOf(path);
  try {
    writeFileSync(temp, text, { mode: mode ?? 0o666 });
    // The umask may have narrowed the mode further, never widened it: be exact for a kept or private mode.
    if (mode !== undefined) chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

/** The permission bits of the file at `path`, or undefined when there is none (a new file gets the umask's). */
function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & PERMISSION_BITS;
  } catch {
    return undefined;
  }
}

const PERMISSION_BITS = 0o777;

/** A temporary file of writeFileAtomic's older than this was left by a process that was killed while it wrote. */
const LEFT_TEMP_MS = 24 * 3600 * 1000;

/**
 * Removes the temporary files writeFileAtomic made for `path` and never renamed (a killed process's), once a day old:
 * a cache file rewritten by every build would otherwise leave one for each build killed while writing it. Never throws.
 */
export function removeLeftTemps(path: string, now = Date.now()): void {
  const prefix = `.${basename(path)}.`;
  try {
    for (const name of readdirSync(dirname(path))) {
      if (!name.startsWith(prefix) || !/^\d+-[0-9a-f]{8}\.tmp$/.test(name.slice(prefix.length))) continue;
      const temp = join(dirname(path), name);
      if (now - statSync(temp).mtimeMs > LEFT_TEMP_MS) rmSync(temp, { force: true });
    }
  } catch {
    // The folder is gone or unreadable: nothing to remove.
  }
}
