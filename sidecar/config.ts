import { z } from 'zod';
import { BuildOptionsSchema } from '../core/build/build-options.ts';
import { DynamicLimitsShape } from '../core/http/dynamic-limits.ts';
import { parseProxyTrust } from '../core/http/proxy-trust.ts';
import { PullSettingsShape } from '../core/import/pull/pull-settings.ts';
import { cronExpression, HubConfigShape } from './hub/hub-config.ts';
import { McpConfigShape } from './mcp/mcp-config.ts';
import { redactDatabaseUrl, StoreConfigShape } from './storage/store-config.ts';
import { DEFAULT_CONTENT_DIR } from '../core/content/default-content-dir.ts';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const flag = (fallback: boolean) => z.stringbool().default(fallback);
/** TRUST_PROXY: false, a hop count or the proxies' addresses (core/http/proxy-trust.ts); kept as text so the config prints as set. */
const proxyTrust = z
  .string()
  .default('false')
  .superRefine((text, ctx) => {
    const parsed = parseProxyTrust(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

/**
 * Every setting of the sidecar, from environment variables, validated once at start-up.
 * Build settings (BASE_URL, SINCE_WINDOW_DAYS) are the build's own schema, so the sidecar and
 * `npm run build` agree on them; MCP_* and HUB_* keys come from their modules.
 */
export const SidecarConfigSchema = z
  .object({
    HOST: z.string().min(1).default('0.0.0.0').describe('Interface to listen on (127.0.0.1 to keep it local).'),
    PORT: int(0, 65535, 4321).describe('TCP port; 0 picks a free one.'),
    BASE_URL: BuildOptionsSchema.shape.BASE_URL.describe('Public origin used in feeds and Link headers; never taken from Host.'),
    SINCE_WINDOW_DAYS: BuildOptionsSchema.shape.SINCE_WINDOW_DAYS,
    DIST_DIR: z.string().min(1).default('dist'),
    CONTENT_DIR: z.string().min(1).default(DEFAULT_CONTENT_DIR),
    BUILD_ON_START: z.enum(['auto', 'always', 'never']).default('auto').describe('auto: build when dist/ is missing or stale.'),
    SERVE_STATIC: flag(true).describe('Serve the HTML pages and assets of dist/ too (embedded default); false behind a CDN.'),
    WATCH_INTERVAL_MS: int(0, 3_600_000, 1000).describe('How often dist/build-manifest.json is polled for a new build; 0 disables.'),
    HEADERS_TIMEOUT_MS: int(1000, 600_000, 10_000).describe('A client must send its request headers within this time.'),
    REQUEST_TIMEOUT_MS: int(1000, 3_600_000, 30_000).describe('A client must send its whole request within this time.'),
    KEEP_ALIVE_TIMEOUT_MS: int(0, 600_000, 5000),
    CONNECTIONS_CHECKING_INTERVAL_MS: int(10, 60_000, 1000).describe('How often the two timeouts above are enforced.'),
    SHUTDOWN_TIMEOUT_MS: int(0, 600_000, 10_000).describe('On SIGTERM, in-flight requests get this long to finish.'),
    MAX_BODY_BYTES: int(0, 100 * 1024 * 1024, 1024 * 1024).describe('Largest request body accepted (Content-Length), else 413.'),
    MAX_URL_BYTES: int(256, 65_536, 8192).describe('Longest request target accepted, else 414.'),
    MAX_HEADER_BYTES: int(1024, 1024 * 1024, 16_384).describe("Node's maxHeaderSize: larger request headers get 431."),
    SEARCH_CACHE_ENTRIES: int(0, 1_000_000, 1000).describe('Search and since responses kept per build (LRU).'),
    SEARCH_CACHE_MB: int(0, 4096, 32).describe('Memory bound of that cache.'),
    RATE_LIMIT_ENABLED: flag(false),
    RATE_LIMIT_MAX: int(1, 10_000_000, 600).describe('Requests per client per window.'),
    RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400, 60),
    TRUST_PROXY: proxyTrust.describe(
      'Behind a CDN or proxy: how many proxies (1 for one nginx or CDN) or which proxy addresses may name the client in X-Forwarded-For (rate limits). Default false.',
    ),
    LOG_REQUESTS: flag(true).describe('One JSON line per request on stdout.'),
    LOG_LEVEL: z.enum(['info', 'debug']).default('info').describe('debug also logs the whole validated config (secrets redacted) at start.'),
    REBUILD_CRON: cronExpression(
      'off',
      'node-cron schedule of a rebuild from CONTENT_DIR in a child process (`node scripts/build.ts`), e.g. "0 3 * * *". Default "off".',
    ),
    PULL_CRON: cronExpression(
      'off',
      'node-cron schedule of the pull loop (`node scripts/pull.ts` in a child process: pull every source business.json names, verify, then build when content changed and publish), e.g. "*/30 * * * *". Default "off".',
    ),
    JOBS_CSV: z.string().default('').describe('Jobs CSV the pull loop verifies against (default: `pull.jobs` in business.json).'),
    ...PullSettingsShape,
    ...DynamicLimitsShape,
    ...McpConfigShape,
    ...HubConfigShape,
    ...StoreConfigShape,
  })
  .strict();
export type SidecarConfig = z.infer<typeof SidecarConfigSchema>;

/** Keys whose values are never printed. */
export function isSecretKey(key: string): boolean {
  return /SECRET|TOKEN|PASSWORD/i.test(key);
}

/**
 * Reads the config from the environment: only the keys the schema knows (the rest of the
 * environment is not ours), empty strings treated as unset.
 */
export function parseConfig(env: NodeJS.ProcessEnv): ReturnType<typeof SidecarConfigSchema.safeParse> {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(SidecarConfigSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  return SidecarConfigSchema.safeParse(picked);
}

/** The config from an environment, or an Error that lists every invalid key (for tests and tools). */
export function loadConfig(env: NodeJS.ProcessEnv): SidecarConfig {
  const parsed = parseConfig(env);
  if (parsed.success) return parsed.data;
  throw new Error(`invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`).join('; ')}`);
}

/** The config as it may be logged: secrets replaced by "***" (or "" when unset). */
export function redactConfig(config: SidecarConfig): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [k, isSecretKey(k) ? (v ? '***' : '') : k === 'DATABASE_URL' ? redactDatabaseUrl(String(v)) : v]),
  );
}
