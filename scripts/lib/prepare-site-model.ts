import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildOptionsFromEnv } from '../../core/build/build-options.ts';
import { buildInsights } from '../../core/insights/build-insights.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import { buildSiteBase, completeSiteModel, type SiteBase, type SiteModel } from '../../core/model/build-site-model.ts';
import { contentDirFromEnv, readContentTexts } from '../../site/lib/read-content-dir.ts';
import { parseBusiness } from '../../core/content/parse-content.ts';
import { publishContentFiles, publishingCode, type PublishedContentCache } from './published-content-cache.ts';
import { provideSiteModel } from '../../site/lib/site-data.ts';
import { analyzeReviews } from './analyze-reviews.ts';
import type { Progress } from './progress.ts';
import { tightenHeap } from './tighten-heap.ts';
import { analysisCacheDir, createAnalysisStore, engineKey } from './review-analysis-cache.ts';

/**
 * The site model of the current CONTENT_DIR and BASE_URL — the one getSiteModel would build, byte for byte —
 * made with every review read once up front (analyzeReviews: earlier builds' analyses reused, the rest on
 * worker threads), then handed to the pages (provideSiteModel). Returns the model, what was reused, and the content files' entries to write
 * (`cache.flush()`: the caller's, while the pages render).
 * `onBase` is handed the model's base as soon as the reviews are published, before they are read (the build
 * starts writing the reviews' documents with it).
 */
export async function prepareSiteModel(
  progress?: Progress,
  onBase?: (base: SiteBase) => void,
): Promise<{ model: SiteModel; reused: number; analysed: number; cache: PublishedContentCache }> {
  const dir = analysisCacheDir();
  const { base, engine, cache } = await publishContent(dir);
  onBase?.(base);
  const { reviews, businessConfig: business } = base;
  const store = dir === null ? null : createAnalysisStore(dir, engine);
  let afresh = false;
  const analyzed = await analyzeReviews(reviews, business, { store, progress, onWorkers: () => (afresh = true) });
  // Many reviews read afresh (a cold build): the aggregation and Astro run on a heap that grew with every analysis
  // decoded, so V8 is made to collect it sooner from here on (after the reading: the workers' heaps churn).
  if (afresh) tightenHeap();
  // The aggregation over every review (topics, FAQ, shares) takes seconds at 100k reviews: a step of its own.
  progress?.start(0, 'building the insights');
  const model = completeSiteModel(base, (input) => buildInsights(input, analyzed.analyzer));
  provideSiteModel(model);
  await store?.tidy(analyzed.keys);
  return { model, reused: analyzed.reused, analysed: analyzed.analysed, cache };
}

/**
 * The model's base of the current CONTENT_DIR and BASE_URL: the reviews published once, here (they are read on worker
 * threads next, and the model is built from the same list). The content's records are not kept past it. The files an
 * earlier build published with the same engine, business and BASE_URL are read back (published-content-cache.ts).
 */
async function publishContent(dir: string | null): Promise<{ base: SiteBase; engine: string; cache: PublishedContentCache }> {
  const texts = readContentTexts(contentDirFromEnv());
  const business = parseBusiness(texts.business);
  const engine = engineKey(business);
  const { BASE_URL } = buildOptionsFromEnv(process.env);
  // Cold: nothing cached for this engine yet (before the first cache folder of it is made).
  const cold = dir === null || !existsSync(join(dir, engine));
  const { content, published, cache } = await publishContentFiles(business, texts.reviews, BASE_URL, extractMentions, {
    dir,
    engine,
    code: publishingCode(),
    cold,
  });
  return { base: buildSiteBase(content, BASE_URL, published), engine, cache };
}
