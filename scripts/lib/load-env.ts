/**
 * Loads `.env` from the working directory (the project root under npm) when there is one; variables
 * already set in the environment win. Every package.json script preloads this module
 * (`node --import ./scripts/lib/load-env.ts …`), so import, verify, build, start, generate and eval read
 * the same settings. Not Node's `--env-file-if-exists`: Node 24 prints ".env not found" on every run
 * without one, which is the normal case for the sample.
 */
import { existsSync } from 'node:fs';
import { enableCompileCache } from './enable-compile-cache.ts';

/** Where CONTENT_DIR came from, for the first line every command prints. */
export let contentDirOrigin: 'environment' | '.env' | 'default' = process.env.CONTENT_DIR ? 'environment' : 'default';

if (existsSync('.env')) {
  process.loadEnvFile('.env');
  if (contentDirOrigin === 'default' && process.env.CONTENT_DIR) contentDirOrigin = '.env';
}

// After .env (it may set SHINGLE_COMPILE_CACHE), before the command's own modules are compiled.
enableCompileCache();
