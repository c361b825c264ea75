import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** tests/fixtures/import: synthetic Takeout exports, API pages, a jobs CSV and a reviews CSV. */
export const IMPORT_FIXTURES = resolve(import.meta.dirname, '../fixtures/import');

/** Every file under a fixture folder as {path (relative to the folder), text}, in path order. */
export function fixtureFiles(folder: string): { path: string; text: string }[] {
  const root = join(IMPORT_FIXTURES, folder);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(root);
  return out.sort().map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));
}
