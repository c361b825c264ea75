import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `<parent>/<name>/<engine>` made as the analysis cache makes its engine folders: this user's, writable by no one else
 * (the caches beside the analyses trust only such a folder). Returns the engine folder.
 */
export function privateEngineFolder(parent: string, name: string): string {
  const dir = join(parent, name, 'e'.repeat(64));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(join(parent, name), 0o700);
  return dir;
}
