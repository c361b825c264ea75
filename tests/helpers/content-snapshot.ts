/** Every file of a folder, path → bytes: "byte-identical" checks of content/ and dist/. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function snapshotFolder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) files.set(relative(dir, p), readFileSync(p).toString('base64'));
    }
  };
  walk(dir);
  return files;
}
