/**
 * Environment a build process is started with (`npm run build` through scripts/lib/build-process-preload.ts, the
 * sidecar's scheduled rebuild, the bench), under what the caller set itself.
 *
 * `MALLOC_ARENA_MAX`: glibc gives each thread that allocates its own arena (up to eight per core), and a build runs
 * many — the main thread, the analysis workers, the document writer, the page precompressor, the bundler's threads —
 * each keeping the buffers it freed. Two arenas: cold 100k-review builds peaked at 961–1,016 MB (four builds) against
 * 1,055–1,195 MB (four, alternated), and +1 rebuilds took the same time (8.3–9.3 s each way, three pairs). glibc reads it
 * once, when the process starts, so it cannot be set from inside the build.
 */
export const BUILD_PROCESS_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
};

/** `env` with BUILD_PROCESS_ENV added where it sets none of its own (an empty value is none, as glibc reads it). */
export function withBuildProcessEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const out = { ...env };
  for (const [name, value] of Object.entries(BUILD_PROCESS_ENV)) if (!out[name]) out[name] = value;
  return out;
}
