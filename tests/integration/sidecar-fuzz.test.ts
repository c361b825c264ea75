import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorBodySchema } from '../../core/schemas/error-schema.ts';
import { SinceDocumentSchema } from '../../core/schemas/reviews-document-schema.ts';
import { SEARCH_PARAMS } from '../../core/search/parse-search-params.ts';
import { SearchResponseSchema } from '../../core/search/search-response-schema.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';
import type { TestResponse } from '../helpers/http-client.ts';

const distDir = inject('distDir');
let sidecar: TestSidecar;
beforeAll(async () => {
  // Thousands of requests a minute from one address: the fuzzer is not a real client, so the dynamic
  // rate limit (tested in sidecar-hardening.test.ts) is off here.
  sidecar = await startSidecar({ distDir, env: { DYNAMIC_RATE_LIMIT_MAX: '0' } });
});
afterAll(() => sidecar.close());

/** Visible ASCII that undici lets through in a request target, '%' and '&' and '=' included. */
const rawText = fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.~%&=+;,:@!$\'()*[]|^`{}\\"<>'.split('')), maxLength: 30 });
const unicodeText = fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent);
const numberText = fc.oneof(
  fc.integer({ min: -10, max: 200 }).map(String),
  fc.double().map(String),
  fc.constantFrom('1e3', '.5', '4.', '+3', '0x10', 'Infinity', '-0', encodeURIComponent('٣')),
);
const dateText = fc.oneof(
  fc.date({ min: new Date('1000-01-01'), max: new Date('3000-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);
const huge = fc.integer({ min: 1000, max: 6000 }).map((n) => 'x'.repeat(n));
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SEARCH_PARAMS) },
  { weight: 1, arbitrary: rawText },
  { weight: 1, arbitrary: unicodeText },
  { weight: 1, arbitrary: fc.constantFrom('Rating', 'ratng', 'rating[]', 'limit%20', '') },
);
const value = fc.oneof(rawText, unicodeText, numberText, dateText, huge, fc.constant(''));
const pair = fc.oneof(
  fc.tuple(key, value).map(([k, v]) => `${k}=${v}`),
  key,
  fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%FF', '=', '&&', '==='),
);
const queryString = fc.array(pair, { maxLength: 9 }).map((parts) => parts.join('&'));

/**
 * 200, or 400 with issues; a request target over the URL limit is the exception: 414, or 431 when the
 * request line alone overflows Node's header limit first — JSON either way.
 */
function expectWellFormed(r: TestResponse, path: string): void {
  const context = `${path.slice(0, 300)}${path.length > 300 ? `… (${path.length} bytes)` : ''} → ${r.status}: ${r.text().slice(0, 300)}`;
  const allowed = path.length > sidecar.config.MAX_URL_BYTES ? [414, 431] : [200, 400];
  expect(allowed, context).toContain(r.status);
  expect(r.header('content-type')).toBe('application/json; charset=utf-8');
  if (r.status !== 200) {
    const body = ErrorBodySchema.parse(r.json());
    if (r.status === 400) expect(body.issues.length, context).toBeGreaterThan(0);
    for (const issue of body.issues) expect(issue.message.length).toBeGreaterThan(0);
  }
}

/**
 * Requests `numRuns` generated paths: every answer is well formed, and a 200 matches `schema`.
 * Resolves with how many were answered 200 (a fuzz that only ever meets 400 tests one branch).
 */
async function fuzzPaths(paths: fc.Arbitrary<string>, schema: { parse(v: unknown): unknown }, numRuns: number): Promise<number> {
  let ok = 0;
  await fc.assert(
    fc.asyncProperty(paths, async (path) => {
      const r = await sidecar.request(path);
      expectWellFormed(r, path);
      if (r.status === 200) {
        schema.parse(r.json());
        ok++;
      }
    }),
    { numRuns },
  );
  return ok;
}

describe('fuzz: random query strings never produce anything but 200 or 400 with issues', () => {
  it('GET /api/reviews/search', async () => {
    const ok = await fuzzPaths(
      queryString.map((q) => `/api/reviews/search?${q}`),
      SearchResponseSchema,
      3000,
    );
    expect(ok).toBeGreaterThan(20);
  }, 120_000);

  it('GET /api/reviews/since/{date}', async () => {
    const segment = fc.oneof(
      dateText,
      dateText,
      rawText.map((s) => s.replace(/[/?#]/g, '')),
      unicodeText,
      huge.map((s) => s.slice(0, 3000)),
    );
    const ok = await fuzzPaths(
      fc.tuple(segment, fc.option(queryString, { nil: undefined })).map(([date, q]) => `/api/reviews/since/${date}${q === undefined ? '' : `?${q}`}`),
      SinceDocumentSchema,
      2000,
    );
    expect(ok).toBeGreaterThan(20);
  }, 120_000);
});
