import { z } from 'zod';

/** The real services; tests and self-hosted mirrors point these settings at other addresses. */
export const GOOGLE_API_BASE_URL = 'https://mybusiness.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const TRUSTPILOT_API_BASE_URL = 'https://api.trustpilot.com';

/** True for the loopback names and addresses a URL's host may spell (`localhost`, 127.0.0.0/8, `[::1]`). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * An API address setting: https, or plain http on a loopback address only (a test's fake server, a local
 * proxy) — credentials never travel unencrypted over a network. No query or fragment; no trailing slash.
 */
export const apiBaseUrl = (fallback: string, what: string) =>
  z
    .string()
    .default(fallback)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return void ctx.addIssue({ code: 'custom', message: 'must be an absolute https:// URL' });
      }
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
        ctx.addIssue({ code: 'custom', message: 'must be https:// (plain http:// only for a loopback address such as 127.0.0.1)' });
      if (url.search || url.hash || url.username || url.password)
        ctx.addIssue({ code: 'custom', message: 'must not carry a query, fragment or credentials' });
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .describe(`${what} Default ${fallback}.`);

/**
 * Settings of the live pulls (`npm run import -- google|trustpilot`, `npm run pull`, the sidecar's PULL_CRON):
 * one shape for the scripts and sidecar/config.ts. Credentials are not settings: they are read from the
 * environment by the pull alone and never parsed, stored or printed with the configuration.
 */
export const PullSettingsShape = {
  GOOGLE_API_BASE_URL: apiBaseUrl(GOOGLE_API_BASE_URL, 'Business Profile API origin (the part before /v4/…).'),
  GOOGLE_TOKEN_URL: apiBaseUrl(GOOGLE_TOKEN_URL, "Google's OAuth 2.0 token endpoint."),
  TRUSTPILOT_API_BASE_URL: apiBaseUrl(TRUSTPILOT_API_BASE_URL, 'Trustpilot API origin (the part before /v1/…).'),
  PULL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000).describe('Longest wait for one API response. Default 30000.'),
  PULL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5).describe('Tries per request on 429, 5xx and network errors. Default 5.'),
  PULL_RETRY_BASE_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000)
    .default(1000)
    .describe('First retry delay; doubles per retry, ±50 % jitter. Default 1000.'),
  PULL_MAX_RETRY_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(300_000)
    .describe('A Retry-After longer than this ends the pull with an error instead of waiting. Default 300000 (5 min).'),
};

export const PullSettingsSchema = z.object(PullSettingsShape);
export type PullSettings = z.infer<typeof PullSettingsSchema>;
