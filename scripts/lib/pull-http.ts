import { isRetryableStatus, parseRetryAfter, pullRetryDelay } from '../../core/import/pull/pull-retry.ts';
import type { PullSettings } from '../../core/import/pull/pull-settings.ts';
import { PullError } from './pull-error.ts';

/** Seams of every outbound pull request: tests inject a sleep that records, a fixed random, a clock. */
export interface PullHttpDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  /** Wall clock in ms (Retry-After dates, token expiry). */
  now: () => number;
  /** One line per retry, for the command's output (never a URL with credentials: none carry any). */
  log: (line: string) => void;
}

export const defaultPullHttpDeps = (): PullHttpDeps => ({
  fetch: globalThis.fetch,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  random: Math.random,
  now: () => Date.now(),
  log: (line) => void process.stderr.write(`${line}\n`),
});

export type RetrySettings = Pick<PullSettings, 'PULL_TIMEOUT_MS' | 'PULL_MAX_ATTEMPTS' | 'PULL_RETRY_BASE_MS' | 'PULL_MAX_RETRY_AFTER_MS'>;

export interface PullRequest {
  url: string;
  /** Names the request in messages: "reviews.list accounts/1/locations/2, page 3". Never a secret. */
  what: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface PullResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** The provider's own error text (Google: error.message / error_description; Trustpilot: message), short. */
export function providerMessage(text: string): string {
  try {
    const j = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string; message?: string };
    const m = typeof j.error === 'object' ? j.error?.message : (j.error_description ?? j.message ?? j.error);
    return typeof m === 'string' ? m.slice(0, 300) : '';
  } catch {
    return '';
  }
}

/**
 * One request with the pull's retry rules: a timeout per try (headers and body), and on 429, 408, 5xx
 * or a network error another try after the Retry-After the server asked for, else exponential backoff
 * with jitter; after PULL_MAX_ATTEMPTS tries, or a Retry-After longer than PULL_MAX_RETRY_AFTER_MS, a
 * PullError that says so. Any other status is returned to the caller, which knows what it means.
 */
export async function requestWithRetry(req: PullRequest, settings: RetrySettings, deps: PullHttpDeps): Promise<PullResponse> {
  let last = '';
  for (let attempt = 1; ; attempt++) {
    let retryAfterMs: number | undefined;
    try {
      const res = await deps.fetch(req.url, {
        method: req.method ?? 'GET',
        headers: { accept: 'application/json', ...req.headers },
        ...(req.body !== undefined && { body: req.body }),
        redirect: 'error',
        signal: AbortSignal.timeout(settings.PULL_TIMEOUT_MS),
      });
      const text = await boundedText(res, req.what);
      if (!isRetryableStatus(res.status)) return { status: res.status, headers: res.headers, text };
      retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), deps.now());
      const said = providerMessage(text);
      last = `HTTP ${res.status}${said ? ` (${said})` : ''}`;
      if (retryAfterMs !== undefined && retryAfterMs > settings.PULL_MAX_RETRY_AFTER_MS)
        throw new PullError(
          'gave-up',
          `${req.what}: ${last}; the server asks to wait ${Math.ceil(retryAfterMs / 1000)} s (Retry-After), longer than PULL_MAX_RETRY_AFTER_MS: try again later`,
        );
    } catch (e) {
      if (e instanceof PullError) throw e;
      const err = e as Error & { cause?: { code?: string } };
      last = err.name === 'TimeoutError' ? `no answer within ${settings.PULL_TIMEOUT_MS} ms` : `network error (${err.cause?.code ?? err.message})`;
    }
    if (attempt >= settings.PULL_MAX_ATTEMPTS)
      throw new PullError(
        'gave-up',
        `${req.what}: gave up after ${attempt} tries, last: ${last}. The provider may be down; the next scheduled pull tries again, nothing was written`,
      );
    const delay = pullRetryDelay(attempt, settings.PULL_RETRY_BASE_MS, deps.random, retryAfterMs);
    deps.log(`${req.what}: ${last}; retry ${attempt}/${settings.PULL_MAX_ATTEMPTS - 1} in ${(delay / 1000).toFixed(1)} s`);
    await deps.sleep(delay);
  }
}

/**
 * The most a provider's answer may hold. A page is 50 Google or 100 Trustpilot reviews, well under a megabyte; the
 * bound is far above that and far below what would exhaust a pull's memory (a 900 MB answer took it to 2.8 GB).
 */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The body as text, read no further than MAX_RESPONSE_BYTES: beyond, a PullError (not retried: it would come again). */
async function boundedText(res: Response, what: string): Promise<string> {
  const tooLarge = () =>
    new PullError(
      'malformed',
      `${what}: the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB, far more than a page; nothing was written`,
    );
  if (Number(res.headers.get('content-length') ?? 0) > MAX_RESPONSE_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks)); // as Response.text(): UTF-8, a byte order mark dropped
}

/** Parses a 2xx body as JSON, or throws a PullError naming the request. */
export function parseJsonBody(res: PullResponse, what: string): unknown {
  try {
    return JSON.parse(res.text);
  } catch (e) {
    throw new PullError('malformed', `${what}: the answer is not valid JSON (${(e as Error).message}); nothing was written`);
  }
}
