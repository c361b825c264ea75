/**
 * Astro's build records a session event and posts it to Astro's servers, and for it runs `git` synchronously for a
 * project id (0.1–0.2 s of every build's main thread). `telemetry: false` in the Astro config is no Astro option: only
 * the environment (or `astro telemetry disable`, per user) turns it off. A build of an owner's reviews sends nothing
 * anywhere, so the build sets it before Astro is imported.
 */
export function disableAstroTelemetry(env: NodeJS.ProcessEnv = process.env): void {
  env.ASTRO_TELEMETRY_DISABLED = '1';
}
