import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { assembleManifest } from '../../core/build/assemble-manifest.ts';
import { projectContentDir } from '../../core/build/content-dir-guard.ts';
import { DEFAULT_BASE_URL } from '../../core/build/build-options.ts';
import { renderDocuments } from '../../core/build/render-documents.ts';
import { buildInsights } from '../../core/insights/build-insights.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import { buildSiteModel } from '../../core/model/build-site-model.ts';
import { memoizedAnalyzeReview } from './memoized-analyze-review.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import { swapIn } from '../../scripts/lib/swap-in.ts';
import { computeInputsHash } from '../../sidecar/build/build-inputs.ts';
import { runBuild } from '../../sidecar/build/run-build.ts';
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
 * the same renderers and manifest as scripts/build.ts, in a fraction of the time: each review's text
 * analysis is remembered across builds (memoized-analyze-review.ts), and the gzip and brotli variants are
 * made at the fastest levels (valid variants, only larger: scripts/build.ts always compresses at the best).
 * Like the real build it writes into a staging folder, manifest last, and swaps it in with two
 * renames, so a running sidecar sees exactly what it would see in production.
 */
export async function buildDataFixture(options: FixtureOptions): Promise<BuildManifest> {
  const settings = { BASE_URL: options.baseUrl ?? DEFAULT_BASE_URL, SINCE_WINDOW_DAYS: options.sinceWindowDays ?? 31 };
  const model = buildSiteModel(readContentDir(options.contentDir), settings.BASE_URL, {
    extractMentions,
    buildInsights: (input) => buildInsights(input, memoizedAnalyzeReview),
  });
  const staging = join(dirname(options.outDir), `.${basename(options.outDir)}.staging-${process.pid}-${Date.now()}`);
  await rm(staging, { recursive: true, force: true });
  const documents = await writeDocuments(staging, renderDocuments(model, settings.SINCE_WINDOW_DAYS), { effort: 'fast' });
  const manifest = assembleManifest(
    model,
    settings.SINCE_WINDOW_DAYS,
    computeInputsHash(ROOT, options.contentDir, settings),
    documents,
    projectContentDir(relative(ROOT, resolve(options.contentDir))),
  );
  await writeFile(join(staging, BUILD_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  await swapIn(staging, options.outDir);
  return manifest;
}

/** The full build (Astro pages included) as `npm run build` runs it, in a child process. */
export function buildFullFixture(options: FixtureOptions): Promise<BuildManifest> {
  return runBuild(
    {
      DIST_DIR: options.outDir,
      CONTENT_DIR: options.contentDir,
      BASE_URL: options.baseUrl ?? DEFAULT_BASE_URL,
      SINCE_WINDOW_DAYS: options.sinceWindowDays ?? 31,
    },
    { onOutput: () => {} },
  );
}
