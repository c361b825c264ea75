import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BuildOptions } from '../../core/build/build-options.ts';
import { BUILD_CODE_PATHS, hashBuildInputs, type BuildInputFile } from '../../core/build/inputs-hash.ts';

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

function* readInputs(root: string, contentDir: string): Iterable<BuildInputFile> {
  const paths = [...BUILD_CODE_PATHS.flatMap((p) => listFiles(join(root, p))), ...listFiles(contentDir)];
  for (const file of paths) yield { path: relative(root, file), bytes: readFileSync(file) };
}

/**
 * The inputs hash of a build of `contentDir` with `settings`, from the files on disk: the one
 * function the build (for its manifest), the sidecar (is dist/ current?) and the tests call.
 */
export function computeInputsHash(root: string, contentDir: string, settings: BuildOptions): string {
  return hashBuildInputs(settings, readInputs(root, contentDir));
}
