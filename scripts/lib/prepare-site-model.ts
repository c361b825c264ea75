import { join } from 'node:path';
import { buildOptionsFromEnv } from '../../core/build/build-options.ts';
import { insightsFromPartial } from '../../core/insights/build-insights.ts';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import { insightsBlocks } from '../../core/insights/insights-blocks.ts';
import { collectInsightsPartial, mergeInsightsPartials, type InsightsPartial } from '../../core/insights/insights-partial.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { reviewDigest } from '../../core/model/review-digest.ts';
import { createPartialStore, partialKey, type PartialStore } from './insights-partial-store.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import { buildSiteBase, completeSiteModel, type SiteBase, type SiteModel } from '../../core/model/build-site-model.ts';
import { contentDirFromEnv, readContentTexts } from '../../site/lib/read-content-dir.ts';
import { parseBusiness } from '../../core/content/parse-content.ts';
import { publishContentFiles, publishingCode, type PublishedContentCache } from './published-content-cache.ts';
import { provideSiteModel } from '../../site/lib/site-data.ts';
import { HOME_TOPICS, provideTopicCounts } from '../../site/lib/topic-links.ts';
import { topicCounts } from './topic-counts.ts';
import { analyzeReviews } from './analyze-reviews.ts';
import type { Progress } from './progress.ts';
import { tightenHeap } from './tighten-heap.ts';
import { analysisCacheDir, createAnalysisStore, engineKey, type AnalysisStore } from './review-analysis-cache.ts';

/**
 * The site model of the current CONTENT_DIR and BASE_URL — the one buildSiteModel makes (core/model/build-site-model.ts), byte for byte —
 * made from the insights' partials of blocks of reviews (insights-blocks.ts): a block an earlier build kept with the same
 * engine and the same reviews is taken as it was; one that only gained reviews since gets its last partial merged with
 * theirs; the others' reviews are read (analyzeReviews: earlier builds' analyses reused, the rest on worker threads).
 * The new partials are kept for the next build. Then handed to the pages
 * (provideSiteModel). Returns the model, what was reused, and the content files' entries to write
 * (`cache.flush()`: the caller's, while the pages render).
 * `onBase` is handed the model's base as soon as the reviews are published, before they are read (the build
 * starts writing the reviews' documents with it), and the engine's folder of the analysis cache (null: no cache).
 */
export async function prepareSiteModel(
  progress?: Progress,
  onBase?: (base: SiteBase, cacheFolder: string | null) => void,
): Promise<{ model: SiteModel; reused: number; analysed: number; blocksReused: number; cache: PublishedContentCache }> {
  const dir = analysisCacheDir();
  const { base, engine, cache } = await publishContent(dir);
  onBase?.(base, dir === null ? null : join(dir, engine));
  const { reviews, businessConfig: business } = base;
  const keys = reviews.map(reviewDigest);
  const blocks = insightsBlocks(reviews.map((r) => r.id));
  const blockKeys = blocks.map((block) =>
    partialKey(
      engine,
      block.map((i) => keys[i]!),
    ),
  );
  const partials = dir === null ? null : createPartialStore(dir, engine);
  const kept = await Promise.all(blockKeys.map((key) => partials?.load(key) ?? null));
  const grown = await Promise.all(blocks.map((block, j) => (kept[j] || !partials ? null : grownBlock(partials, j, block, keys))));
  const store = dir === null ? null : createAnalysisStore(dir, engine);
  const { parts, analysed } = await readBlocks(reviews, business, blocks, kept, grown, { store, progress });
  await Promise.all(
    parts.map(async (partial, j) => {
      if (kept[j] || !partials) return;
      await partials.save(blockKeys[j]!, partial);
      await partials.remember(
        j,
        blockKeys[j]!,
        blocks[j]!.map((i) => keys[i]!),
      );
    }),
  );
  const insights = insightsFromPartial(mergeInsightsPartials(parts, business), business);
  // The home page's topic links, counted per block as the insights are (topic-counts.ts).
  const phrases = insights.topics.slice(0, HOME_TOPICS).map((t) => t.phrase);
  provideTopicCounts(reviews, await topicCounts(dir === null ? null : join(dir, engine), reviews, blocks, blockKeys, phrases));
  const model = completeSiteModel(base, () => insights);
  provideSiteModel(model);
  await store?.tidy(new Set(keys));
  await partials?.tidy(new Set(blockKeys));
  const blocksReused = kept.filter((p) => p !== null).length;
  return { model, reused: reviews.length - analysed, analysed, blocksReused, cache };
}

/** A block that only gained reviews since its partial was last saved: that partial, and the reviews (indexes) added. */
interface GrownBlock {
  base: InsightsPartial;
  added: number[];
}

/**
 * Whether block `j` only gained reviews (`keys`: every review's digest) since its partial was saved last: then its new
 * partial is that one merged with the new reviews' (merging disjoint sets is exact), and only they are read. An edited
 * or removed review (a digest of the last partial no longer there) reads the whole block.
 */
async function grownBlock(partials: PartialStore, j: number, block: readonly number[], keys: readonly string[]): Promise<GrownBlock | null> {
  const last = await partials.lastOf(j);
  if (!last) return null;
  const now = new Set(block.map((i) => keys[i]!));
  if (!last.digests.every((d) => now.has(d))) return null;
  const base = await partials.load(last.key);
  if (!base) return null;
  const had = new Set(last.digests);
  return { base, added: block.filter((i) => !had.has(keys[i]!)) };
}

/**
 * The partial of every block: the one kept; else, for a block that only gained reviews, its last partial merged with
 * theirs; else one collected from all of the block's reviews. Only the reviews that go into a new partial are read
 * (analyzeReviews). The analyses are let go when it returns, before the partials are merged (a cold build holds 100k).
 */
async function readBlocks(
  reviews: readonly Review[],
  business: BusinessConfig,
  blocks: readonly (readonly number[])[],
  kept: readonly (InsightsPartial | null)[],
  grown: readonly (GrownBlock | null)[],
  { store, progress }: { store: AnalysisStore | null; progress: Progress | undefined },
): Promise<{ parts: InsightsPartial[]; analysed: number }> {
  let afresh = false;
  const fresh = blocks.map((block, j) => (kept[j] ? [] : (grown[j]?.added ?? block)));
  const analyzed = await analyzeReviews(
    fresh.flat().map((i) => reviews[i]!),
    business,
    { store, progress, onWorkers: () => (afresh = true) },
  );
  // Many reviews read afresh (a cold build): the aggregation and Astro run on a heap that grew with every analysis
  // decoded, so V8 is made to collect it sooner from here on (after the reading: the workers' heaps churn).
  if (afresh) tightenHeap();
  // The aggregation over every review (topics, FAQ, shares) takes seconds at 100k reviews: a step of its own.
  progress?.start(0, 'building the insights');
  const lexicon = compileAspectLexicon(business);
  const collect = (indexes: readonly number[]) =>
    collectInsightsPartial(
      indexes.map((i) => analyzed.analyzer(reviews[i]!, business, lexicon)),
      business,
    );
  const parts = blocks.map((_, j) => {
    const base = grown[j]?.base;
    return kept[j] ?? (base ? mergeInsightsPartials([base, collect(fresh[j]!)], business) : collect(fresh[j]!));
  });
  return { parts, analysed: analyzed.analysed };
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
  const { content, published, cache } = await publishContentFiles(business, texts.reviews, BASE_URL, extractMentions, {
    dir,
    engine,
    code: publishingCode(),
  });
  return { base: buildSiteBase(content, BASE_URL, published), engine, cache };
}
