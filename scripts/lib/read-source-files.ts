import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The files under `path` that `accepts` (given their path relative to `path`, with `/`), read as UTF-8,
 * in path order so every run sees them in the same order. A file path is taken as is.
 * `shown` is how each path appears in messages.
 */
export function readSourceFiles(
  path: string,
  accepts: (relativePath: string) => boolean,
  shown: (p: string) => string,
): { path: string; text: string }[] {
  if (!statSync(path).isDirectory()) return [{ path: shown(path), text: readFileSync(path, 'utf8') }];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && accepts(relative(path, full).split(sep).join('/'))) found.push(full);
    }
  };
  walk(path);
  return found.sort().map((p) => ({ path: shown(p), text: readFileSync(p, 'utf8') }));
}
