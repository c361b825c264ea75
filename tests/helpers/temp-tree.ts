import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * For tests of code that reads a folder: registers the clean-up of every folder made (after all tests of the
 * file) and returns `tree(files)`, which writes the files (relative path → text) into a new temporary folder.
 */
export function useTempTrees(prefix: string): (files: Record<string, string>) => string {
  const temps: string[] = [];
  afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return (files) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    temps.push(dir);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };
}
