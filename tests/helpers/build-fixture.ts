import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { renderDocuments, sinceWindow } from '../../core/build/render-documents.ts';
import { buildInsights } from '../../core/insights/build-insights.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import { buildSiteModel } from '../../core/model/build-site-model.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import { computeInputsHash } from '../../scripts/lib/build-inputs.ts';
import { writeDocuments } from '../../scripts/lib/write-documents.ts';
import { readContentDir } from '../../site/lib/read-content-dir.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SAMPLE_CONTENT = join(ROOT, 'content');

export interface FixtureOptions {
  contentDir: string;
  outDir: string;
  baseUrl?: string;
  sinceWindowDays?: number;
}

/** A fresh temporary directory (callers remove it). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `shingle-${prefix}-`));
}

/** Copies a content folder (default: the sample content) to `dir`, optionally adding review records in a new file. */
export function writeContent(dir: string, extra: ReviewRecord[] = [], from = SAMPLE_CONTENT): string {
  mkdirSync(dir, { recursive: true });
  cpSync(from, dir, { recursive: true });
  if (extra.length > 0) writeFileSync(join(dir, 'reviews', 'zz-fixture.jsonl'), `${extra.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return dir;
}

/**
 * Builds the data documents of a content folder into `outDir` in-process, without the HTML pages:
 * the same renderers, compression and manifest as scripts/build.ts, in a fraction of the time.
 * Like the real build it writes into a staging folder, manifest last, and swaps it in with two
 * renames, so a running sidecar sees exactly what it would see in production.
 */
export async function buildDataFixture(options: FixtureOptions): Promise<BuildManifest> {
  const baseUrl = options.baseUrl ?? 'http://localhost:4321';
  const windowDays = options.sinceWindowDays ?? 31;
  const model = buildSiteModel(readContentDir(options.contentDir), baseUrl, { extractMentions, buildInsights });
  const staging = join(dirname(options.outDir), `.${basename(options.outDir)}.staging-${process.pid}-${Date.now()}`);
  await rm(staging, { recursive: true, force: true });
  const documents = await writeDocuments(staging, renderDocuments(model, windowDays));
  const window = sinceWindow(model, windowDays);
  const manifest: BuildManifest = {
    version: 1,
    baseUrl,
    inputsHash: computeInputsHash(ROOT, options.contentDir, { BASE_URL: baseUrl, SINCE_WINDOW_DAYS: windowDays }),
    reviewCount: model.reviews.length,
    heldBack: model.heldBack.length,
    updated: model.updated,
    sinceWindow: window.length > 0 ? { from: window[0]!, to: window.at(-1)! } : null,
    documents,
  };
  await writeFile(join(staging, BUILD_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const old = `${staging}.old`;
  if (existsSync(options.outDir)) await rename(options.outDir, old);
  await rename(staging, options.outDir);
  await rm(old, { recursive: true, force: true });
  return manifest;
}

/** The full build (Astro pages included) as `npm run build` runs it, in a child process. */
export function buildFullFixture(options: FixtureOptions): Promise<BuildManifest> {
  const env = {
    ...process.env,
    DIST_DIR: options.outDir,
    // site/lib/read-content-dir.ts joins CONTENT_DIR onto the project root.
    CONTENT_DIR: relative(ROOT, options.contentDir),
    BASE_URL: options.baseUrl ?? 'http://localhost:4321',
    SINCE_WINDOW_DAYS: String(options.sinceWindowDays ?? 31),
  };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/build.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`build failed (${code}):\n${output}`));
      resolvePromise(JSON.parse(readFileSync(join(options.outDir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest);
    });
  });
}
