/**
 * Loads `.env` from the working directory (the project root under npm) when there is one; variables
 * already set in the environment win. Every package.json script preloads this module
 * (`node --import ./scripts/lib/load-env.ts …`), so import, verify, build, start, generate and eval read
 * the same settings. Not Node's `--env-file-if-exists`: Node 24 prints ".env not found" on every run
 * without one, which is the normal case for the sample.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_CONTENT_DIR } from '../../core/content/default-content-dir.ts';
import { enableCompileCache } from './enable-compile-cache.ts';

type Origin = 'environment' | '.env' | 'default';

/**
 * Where a parent command found CONTENT_DIR, for the child it starts (`npm start` runs the build): `<origin>:<value>`.
 * The child takes it only for the same value, so a CONTENT_DIR set for the child alone is still "the environment".
 */
export const ORIGIN_VARIABLE = 'SHINGLE_CONTENT_DIR_ORIGIN';

/** The origin a parent passed down for `value`, if it did. */
export function inheritedOrigin(env: NodeJS.ProcessEnv): Origin | null {
  const [origin, ...rest] = (env[ORIGIN_VARIABLE] ?? '').split(':');
  const valid = origin === 'environment' || origin === '.env' || origin === 'default';
  return valid && rest.join(':') === (env.CONTENT_DIR ?? DEFAULT_CONTENT_DIR) ? origin : null;
}

/** Where CONTENT_DIR came from, for the first line every command prints. */
export let contentDirOrigin: Origin = inheritedOrigin(process.env) ?? (process.env.CONTENT_DIR ? 'environment' : 'default');

if (existsSync('.env')) {
  process.loadEnvFile('.env');
  if (contentDirOrigin === 'default' && process.env.CONTENT_DIR) contentDirOrigin = '.env';
}
process.env[ORIGIN_VARIABLE] = `${contentDirOrigin}:${process.env.CONTENT_DIR ?? DEFAULT_CONTENT_DIR}`;

// After .env (it may set SHINGLE_COMPILE_CACHE), before the command's own modules are compiled.
enableCompileCache();
