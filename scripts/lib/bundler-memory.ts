/**
 * Astro bundles the site with Vite's native bundler (Rolldown), whose allocator (mimalloc) reserves a 1 GiB arena
 * when bundling starts and keeps what it touched resident until the process ends — ~170–250 MB beside the model and
 * Astro's own heap, the largest part of a 100k-review build's peak. mimalloc reads its settings from the environment
 * when the bundler's library is loaded, so these are set before Astro is imported. A value already in the environment
 * is left as it is. Measured on cold 100k-review builds: peak 1,132–1,238 → 1,070–1,095 MB, time within the noise
 * (docs/site.md, "Where the cold peak comes from").
 */
export const BUNDLER_ALLOCATOR_SETTINGS: Readonly<Record<string, string>> = {
  /** Give freed memory back to the system at once (mimalloc's default waits 10 ms, then keeps much of it). */
  MIMALLOC_PURGE_DELAY: '0',
  /** Reserve arenas of 64 MiB, not 1 GiB: the bundler of this site needs far less (a bare number would be bytes). */
  MIMALLOC_ARENA_RESERVE: '64MiB',
  /** Commit an arena's pages as they are used, not all at once. */
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
};

/** Puts BUNDLER_ALLOCATOR_SETTINGS into `env` where it has none of its own; returns the names it set. */
export function boundBundlerMemory(env: NodeJS.ProcessEnv = process.env): string[] {
  const set: string[] = [];
  for (const [name, value] of Object.entries(BUNDLER_ALLOCATOR_SETTINGS)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}
