import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_BASE_URL } from '../../../core/build/build-options.ts';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../../core/build/build-manifest-schema.ts';
import { computeInputsHash } from '../../../sidecar/build/build-inputs.ts';
import { generateContent } from '../generate-content.ts';
import { withBuildProcessEnv } from '../../../core/build/build-process-env.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** Generated content and builds, kept between runs (rebuilt when their inputs change); shared by every bench. */
const DATASETS = join(ROOT, '.tmp', 'bench-datasets');
/** Every bench generates with this seed, so "10k reviews" means the same reviews in every table. */
export const DATASET_SEED = 1;
/** The since window the bench builds use (the documents the sidecar serves for /api/reviews/since). */
const SINCE_WINDOW_DAYS = 31;
/** A build's stdout and stderr can be long (progress lines); quoted whole when it fails. */
const BUILD_OUTPUT_BYTES = 64 * 1024 * 1024;

export interface Dataset {
  name: string;
  /** Generated reviews, or null for the sample content (content/). */
  count: number | null;
  dist: string;
  manifest: BuildManifest;
}

/**
 * A content folder of `count` generated reviews (seed {@link DATASET_SEED}), generated once into a
 * temporary name and renamed, so an interrupted run never leaves a half folder that looks complete.
 */
export async function generatedContent(count: number): Promise<string> {
  const dir = join(DATASETS, `content-${count}`);
  if (existsSync(join(dir, 'business.json'))) return dir;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(DATASETS, { recursive: true });
  await generateContent({ count, seed: DATASET_SEED, out: partial, from: join(ROOT, 'content') });
  renameSync(partial, dir);
  return dir;
}

/**
 * Generates (`count`) or takes the sample content (null), and builds it with the real build
 * (scripts/build.ts in a child process) unless the build in place has the same inputs hash.
 */
export async function prepareDataset(name: string, count: number | null, log: (message: string) => void = () => {}): Promise<Dataset> {
  const contentDir = count === null ? join(ROOT, 'content') : await generatedContent(count);
  const dist = join(DATASETS, `dist-${name}`);
  const settings = { BASE_URL: DEFAULT_BASE_URL, SINCE_WINDOW_DAYS };
  const wanted = computeInputsHash(ROOT, contentDir, settings);
  const manifestPath = join(dist, BUILD_MANIFEST_FILE);
  const current = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest) : null;
  if (current?.inputsHash !== wanted) {
    log(`building ${name} (${count ?? 'sample'} reviews)…`);
    const run = spawnSync(process.execPath, ['scripts/build.ts'], {
      cwd: ROOT,
      env: {
        ...withBuildProcessEnv(process.env),
        CONTENT_DIR: contentDir,
        DIST_DIR: dist,
        BASE_URL: DEFAULT_BASE_URL,
        SINCE_WINDOW_DAYS: String(SINCE_WINDOW_DAYS),
      },
      encoding: 'utf8',
      maxBuffer: BUILD_OUTPUT_BYTES,
    });
    if (run.status !== 0) throw new Error(`build of ${name} failed:\n${run.stderr}\n${run.stdout}`);
  }
  return { name, count, dist, manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest };
}
