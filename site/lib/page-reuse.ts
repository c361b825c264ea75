import { createHash } from 'node:crypto';
import { pageKey } from '../../core/build/page-key.ts';

/**
 * What the build (scripts/lib/page-reuse-plan.ts) hands the pages before Astro renders them: the hash of the
 * rendering code and the key of each page the previous build wrote (checked still intact on disk). The pages
 * record the key of every page they would render (`keys`) and leave out those whose key is unchanged
 * (`reused`): the build links them from the previous build. Without a plan (astro dev, astro check, a build
 * with reuse off) every page is rendered.
 */
export interface PageReusePlan {
  codeHash: string;
  previous: ReadonlyMap<string, string>;
  keys: Map<string, string>;
  reused: Set<string>;
}

// On globalThis: the build script and Astro's bundled pages are separate module instances in one process.
const KEY = Symbol.for('shingle.pageReuse');
const slot = globalThis as unknown as Record<symbol, PageReusePlan | undefined>;

/** Hands the pages the plan of this build (null: render every page). */
export function providePageReuse(plan: PageReusePlan | null): void {
  slot[KEY] = plan ?? undefined;
}

/** The output file of a page at `path` ("/reviews/page/3/" → "reviews/page/3/index.html"). */
export function pageFile(path: string): string {
  return `${path.replace(/^\//, '')}index.html`;
}

/**
 * The entries of a route's getStaticPaths that must be rendered: all of them without a plan; with one, those
 * whose key (the rendering code, the path, and `inputsOf(entry)` — which must hold everything the page reads)
 * differs from the previous build's. Every entry's key is recorded for the next build.
 */
export function pagesToRender<T>(entries: readonly T[], pathOf: (entry: T) => string, inputsOf: (entry: T) => unknown): T[] {
  const plan = slot[KEY];
  if (!plan) return [...entries];
  return entries.filter((entry) => {
    const file = pageFile(pathOf(entry));
    const key = pageKey(plan.codeHash, file, inputsOf(entry));
    plan.keys.set(file, key);
    if (plan.previous.get(file) !== key) return true;
    plan.reused.add(file);
    return false;
  });
}

const layouts = new WeakMap<object, { layout: string }>();

/**
 * What BaseLayout reads of the model on a page without `showUpdated` (the business and the base URL), as the SHA-256
 * of their JSON: part of the inputs of every reused page. Hashed once per model: the business's 9 KB of JSON in each of
 * the 2,041 archive pages' keys was 18 MB to serialize and hash at 100k reviews.
 */
export function layoutInputs(model: { business: unknown; baseUrl: string }): { layout: string } {
  let inputs = layouts.get(model);
  if (!inputs) {
    inputs = {
      layout: createHash('sha256')
        .update(JSON.stringify({ business: model.business, baseUrl: model.baseUrl }))
        .digest('hex'),
    };
    layouts.set(model, inputs);
  }
  return inputs;
}
