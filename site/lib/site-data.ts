import type { SiteModel } from '../../core/model/build-site-model.ts';
import { buildOptionsFromEnv } from '../../core/build/build-options.ts';
import { contentDirFromEnv } from './read-content-dir.ts';

const KEY = Symbol.for('shingle.siteModel');
type Cache = { key: string; model: SiteModel };

function currentKey(): string {
  const { BASE_URL } = buildOptionsFromEnv(process.env);
  return `${contentDirFromEnv()}\n${BASE_URL}`;
}

/**
 * Hands the pages the model the build made (scripts/lib/prepare-site-model.ts): the model of the current CONTENT_DIR
 * and BASE_URL.
 */
export function provideSiteModel(model: SiteModel): void {
  (globalThis as unknown as Record<symbol, Cache | undefined>)[KEY] = { key: currentKey(), model };
}

/**
 * The site model the build made for the current CONTENT_DIR and BASE_URL (provideSiteModel). Kept on globalThis because
 * the build script and Astro's bundled pages are separate module instances in one process: the script builds the
 * model, the pages read it.
 */
export function getSiteModel(): SiteModel {
  const cached = (globalThis as unknown as Record<symbol, Cache | undefined>)[KEY];
  if (cached && cached.key === currentKey()) return cached.model;
  // The pages never build the model themselves: the insights engine (its lexicons, 2.5 MB of weights) would be bundled
  // into the site by Astro at every build, 0.5 s of a rebuild, for a path no build takes.
  throw new Error(
    `no site model for ${contentDirFromEnv()} at ${buildOptionsFromEnv(process.env).BASE_URL}: the pages are rendered by \`npm run build\` (scripts/build.ts), which makes the model, not by \`astro build\` alone`,
  );
}
