import { buildSiteModel, type SiteModel } from '../../core/model/build-site-model.ts';
import { buildInsights } from '../../core/insights/build-insights.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import { buildOptionsFromEnv } from '../../core/build/build-options.ts';
import { contentDirFromEnv, readContentDir } from './read-content-dir.ts';

const KEY = Symbol.for('shingle.siteModel');
type Cache = { key: string; model: SiteModel };

/**
 * The site model for the current CONTENT_DIR and BASE_URL, built once per process.
 * Cached on globalThis because the build script and Astro's bundled pages are separate module
 * instances in one process: the script builds the model, the pages reuse it.
 */
function currentKey(): string {
  const { BASE_URL } = buildOptionsFromEnv(process.env);
  return `${contentDirFromEnv()}\n${BASE_URL}`;
}

/**
 * Hands the pages a model the build made itself (scripts/build.ts reads the reviews on worker threads and
 * reuses earlier analyses): it must be the model of the current CONTENT_DIR and BASE_URL, as getSiteModel's.
 */
export function provideSiteModel(model: SiteModel): void {
  (globalThis as unknown as Record<symbol, Cache | undefined>)[KEY] = { key: currentKey(), model };
}

export function getSiteModel(): SiteModel {
  const dir = contentDirFromEnv();
  const { BASE_URL } = buildOptionsFromEnv(process.env);
  const key = currentKey();
  const g = globalThis as unknown as Record<symbol, Cache | undefined>;
  const cached = g[KEY];
  if (cached && cached.key === key) return cached.model;
  const model = buildSiteModel(readContentDir(dir), BASE_URL, { extractMentions, buildInsights });
  g[KEY] = { key, model };
  return model;
}
