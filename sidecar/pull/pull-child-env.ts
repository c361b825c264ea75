import type { SidecarConfig } from '../config.ts';

/**
 * The environment of the pull child: the sidecar's own (where .env put the credentials, which the sidecar
 * never parses or logs), the content folder and jobs file, and the pull settings as validated by
 * sidecar/config.ts — so the child and the sidecar agree on every address.
 */
export function pullChildEnv(config: SidecarConfig, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...extra,
    CONTENT_DIR: config.CONTENT_DIR,
    ...(config.JOBS_CSV !== '' && { JOBS_CSV: config.JOBS_CSV }),
    GOOGLE_API_BASE_URL: config.GOOGLE_API_BASE_URL,
    GOOGLE_TOKEN_URL: config.GOOGLE_TOKEN_URL,
    TRUSTPILOT_API_BASE_URL: config.TRUSTPILOT_API_BASE_URL,
    PULL_TIMEOUT_MS: String(config.PULL_TIMEOUT_MS),
    PULL_MAX_ATTEMPTS: String(config.PULL_MAX_ATTEMPTS),
    PULL_RETRY_BASE_MS: String(config.PULL_RETRY_BASE_MS),
    PULL_MAX_RETRY_AFTER_MS: String(config.PULL_MAX_RETRY_AFTER_MS),
  };
}
