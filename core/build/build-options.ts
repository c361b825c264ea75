import { z } from 'zod';

/** Where the sample site is served when nothing else is configured (`npm start`). */
export const DEFAULT_BASE_URL = 'http://localhost:4321';

/**
 * The public origin: an http(s) URL without trailing slashes. The one place its default and its
 * trimming live; the build, the sidecar, the hub and MCP all take it from here.
 */
export const BaseUrlSchema = z
  .url({ protocol: /^https?$/ })
  .default(DEFAULT_BASE_URL)
  .transform((u) => u.replace(/\/+$/, ''));

/** Build settings, shared by `npm run build` and the sidecar (which builds on start and compares builds). */
export const BuildOptionsSchema = z.object({
  BASE_URL: BaseUrlSchema,
  /** How many calendar days, ending at the newest review, get a prebuilt since file. */
  SINCE_WINDOW_DAYS: z.coerce.number().int().min(0).max(3660).default(31),
});
export type BuildOptions = z.infer<typeof BuildOptionsSchema>;

/** The build settings from an environment (empty strings count as unset). Throws on invalid values. */
export function buildOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): BuildOptions {
  return BuildOptionsSchema.parse({ BASE_URL: env.BASE_URL || undefined, SINCE_WINDOW_DAYS: env.SINCE_WINDOW_DAYS || undefined });
}
