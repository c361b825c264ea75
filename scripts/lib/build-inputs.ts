import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// sidecar/ too: the developer page renders the real MCP tool definitions and hub examples.
const CODE_DIRS = ['core', 'site', 'sidecar', 'scripts/build.ts', 'scripts/lib', 'astro.config.mjs', 'package-lock.json'];

function listFiles(path: string): string[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    return [];
  }
  if (st.isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)));
}

/**
 * Hash of everything a build depends on: content, the code that renders it, and the settings.
 * Equal hashes mean dist/ is current, so `npm start` can skip the build.
 */
export function computeInputsHash(root: string, contentDir: string, settings: Record<string, unknown>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of [...CODE_DIRS.flatMap((p) => listFiles(join(root, p))), ...listFiles(contentDir)]) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}
