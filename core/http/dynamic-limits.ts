import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * Settings that bound what the dynamic endpoints (search, since, /mcp) may cost, so the data
 * documents keep answering in milliseconds under any mix of dynamic load. Merged into the sidecar
 * config (environment variables); the OpenAPI description states their defaults from here.
 */
export const DynamicLimitsShape = {
  DYNAMIC_MAX_PENDING: int(1, 100_000, 16).describe(
    'Dynamic requests (search, since, /mcp) waiting or in progress at once; more are answered 503 with Retry-After. ' +
      'Waiting ones run in short time slices after the data documents and pages already received.',
  ),
  DYNAMIC_COMPRESS_MAX_BYTES: int(0, 64 * 1024 * 1024, 1024 * 1024).describe(
    'Largest search or since body compressed (br/gzip at a fast level, one at a time, off the main thread); larger ones, ' +
      'and any while another compression runs, are sent uncompressed. 0 disables their compression.',
  ),
  DYNAMIC_RATE_LIMIT_MAX: int(0, 10_000_000, 1200).describe(
    'Dynamic requests per client address per window (0 = off); over it: 429 with Retry-After. Far above what a person or ' +
      'a polite client sends; set TRUST_PROXY behind a CDN so that clients are told apart.',
  ),
  DYNAMIC_RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400, 60).describe('Window of DYNAMIC_RATE_LIMIT_MAX.'),
};

const DynamicLimitsSchema = z.object(DynamicLimitsShape);
export type DynamicLimits = z.infer<typeof DynamicLimitsSchema>;

/** The defaults, as the OpenAPI description and the docs state them. */
export const DYNAMIC_LIMIT_DEFAULTS: DynamicLimits = DynamicLimitsSchema.parse({});

/** Seconds a client refused for load is told to wait (Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 1;
