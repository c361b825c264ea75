import { buildOptionsFromEnv } from '../../core/build/build-options.ts';
import { buildInsights } from '../../core/insights/build-insights.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import { buildSiteBase, completeSiteModel, type SiteBase, type SiteModel } from '../../core/model/build-site-model.ts';
import { publishReviews } from '../../core/model/publish-reviews.ts';
import { contentDirFromEnv, readContentDir } from '../../site/lib/read-content-dir.ts';
import { provideSiteModel } from '../../site/lib/site-data.ts';
import { analyzeReviews } from './analyze-reviews.ts';
import type { Progress } from './progress.ts';
import { tightenHeap } from './tighten-heap.ts';
import { analysisCacheDir, createAnalysisStore, engineKey } from './review-analysis-cache.ts';

/**
 * The site model of the current CONTENT_DIR and BASE_URL — the one getSiteModel would build, byte for byte —
 * made with every review read once up front (analyzeReviews: earlier builds' analyses reused, the rest on
 * worker threads), then handed to the pages (provideSiteModel). Returns the model and what was reused.
 * `onBase` is handed the model's base as soon as the reviews are published, before they are read (the build
 * starts writing the reviews' documents with it).
 */
export async function prepareSiteModel(
  progress?: Progress,
  onBase?: (base: SiteBase) => void,
): Promise<{ model: SiteModel; reused: number; analysed: number }> {
  const base = publishContent();
  onBase?.(base);
  const { reviews, businessConfig: business } = base;
  const dir = analysisCacheDir();
  const store = dir === null ? null : createAnalysisStore(dir, engineKey(business));
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
  return { model, reused: analyzed.reused, analysed: analyzed.analysed };
}

/**
 * The model's base of the current CONTENT_DIR and BASE_URL: the reviews published once, here (they are read on worker
 * threads next, and the model is built from the same list). The content's records are not kept past it.
 */
function publishContent(): SiteBase {
  const content = readContentDir(contentDirFromEnv());
  const { BASE_URL } = buildOptionsFromEnv(process.env);
  return buildSiteBase(content, BASE_URL, publishReviews(content.records, content.business, BASE_URL, extractMentions));
}
