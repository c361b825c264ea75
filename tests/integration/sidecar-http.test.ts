import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorBodySchema } from '../../core/schemas/error-schema.ts';
import { createLogger } from '../../sidecar/logger.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const distDir = inject('distDir');
let sidecar: TestSidecar;
beforeAll(async () => {
  sidecar = await startSidecar({ distDir });
});
afterAll(() => sidecar.close());

async function expectJsonError(r: Awaited<ReturnType<TestSidecar['request']>>, status: number) {
  expect(r.status).toBe(status);
  expect(r.header('content-type')).toBe('application/json; charset=utf-8');
  expect(r.header('access-control-allow-origin')).toBe('*');
  return ErrorBodySchema.parse(r.json());
}

describe('CORS', () => {
  it('answers a preflight for any endpoint', async () => {
    // Not /mcp: it answers its own preflight and refuses origins it does not allow (tests/integration/mcp-http.test.ts).
    for (const path of ['/api/reviews/search', '/reviews.json', '/api/websub/hub', '/api/reviews/since/2024-01-01']) {
      const r = await sidecar.request(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match, mcp-session-id',
        },
      });
      expect(r.status, path).toBe(204);
      expect(r.header('access-control-allow-origin')).toBe('*');
      // The resource's own methods, as its 405 lists them (it listed POST and DELETE for read-only documents).
      const methods = path === '/api/websub/hub' ? 'POST, OPTIONS' : 'GET, HEAD, OPTIONS';
      expect(r.header('access-control-allow-methods'), path).toBe(methods);
      expect(r.header('allow'), path).toBe(methods);
      expect(r.header('access-control-allow-headers')).toBe('if-none-match, mcp-session-id');
      expect(r.header('access-control-max-age')).toBe('86400');
      expect(r.body.length).toBe(0);
      if (path === '/api/websub/hub') continue; // no hub in this sidecar: its 405 is tested in hub-subscribe.test.ts
      const wrong = await sidecar.request(path, { method: 'POST' });
      expect(wrong.status, path).toBe(405);
      expect(wrong.header('allow'), path).toBe(methods);
    }
  });
  it('exposes ETag, Last-Modified, Link and Mcp-Session-Id on every response, errors included', async () => {
    for (const path of ['/reviews.json', '/api/reviews/search', '/api/reviews/search?bad=1', '/nope', '/healthz']) {
      const r = await sidecar.request(path, { headers: { origin: 'https://elsewhere.example' } });
      expect(r.header('access-control-allow-origin'), path).toBe('*');
      expect(r.header('access-control-expose-headers')).toMatch(/^ETag, Last-Modified, Link, Mcp-Session-Id/);
    }
  });
});

describe('JSON errors', () => {
  it('404 for unknown paths, any method that is not routed', async () => {
    for (const path of ['/nope', '/api/nope', '/api/reviews', '/api/reviews/since', '/reviews.json/extra']) {
      const body = await expectJsonError(await sidecar.request(path), path === '/api/reviews/since' ? 400 : 404);
      expect(body.error.length).toBeGreaterThan(0);
    }
    await expectJsonError(await sidecar.request('/nope', { method: 'DELETE' }), 404);
  });
  it('405 with Allow for wrong methods on known resources', async () => {
    const cases: [string, string, string][] = [
      ['/healthz', 'POST', 'GET, HEAD'],
      ['/api/reviews/search', 'PUT', 'GET, HEAD, OPTIONS'],
      ['/feed.xml', 'POST', 'GET, HEAD, OPTIONS'],
      ['/index.html', 'POST', 'GET, HEAD, OPTIONS'],
      ['/', 'DELETE', 'GET, HEAD, OPTIONS'],
    ];
    for (const [path, method, allow] of cases) {
      const r = await sidecar.request(path, { method });
      await expectJsonError(r, 405);
      expect(r.header('allow'), `${method} ${path}`).toBe(allow);
    }
  });
  it('400 for malformed URLs', async () => {
    for (const path of ['/%E0%A4%A', '/reviews/%', '/%C0%AF']) {
      const body = await expectJsonError(await sidecar.request(path), 400);
      expect(body.issues[0]?.code).toBe('invalid_encoding');
    }
  });
  it('414 for an over-long URL, 413 for an over-large body, 431 for over-large headers', async () => {
    await expectJsonError(await sidecar.request(`/api/reviews/search?query=${'a'.repeat(9000)}`), 414);
    await expectJsonError(
      await sidecar.request('/api/reviews/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(1024 * 1024 + 1),
      }),
      413,
    );
    const r = await sidecar.request('/healthz', { headers: { 'x-big': 'x'.repeat(20_000) } });
    expect(r.status).toBe(431);
    expect(r.header('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(r.text())).toEqual({ error: 'Request headers are too large', issues: [] });
  });
  it('a request Node cannot parse gets a JSON 400, not a bare status line', async () => {
    const { hostname, port } = new URL(sidecar.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('GARBAGE / NOT-HTTP\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({ error: 'Malformed HTTP request', issues: [] });
  });
  it('path parameters and static paths never leave dist/', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/.%2e/.%2e/etc/passwd',
      '/api/reviews/since/..%2F..%2Fpackage.json',
    ]) {
      const r = await sidecar.request(path);
      expect([400, 404], path).toContain(r.status);
      expect(r.text()).not.toContain('"dependencies"');
    }
  });
});

describe('static pages, security headers, healthz', () => {
  it('serves the HTML pages of dist/ with the security headers and a CSP that allows inline styles but no inline script', async () => {
    const r = await sidecar.request('/');
    expect(r.status).toBe(200);
    expect(r.header('content-type')).toMatch(/^text\/html/);
    expect(r.text()).toMatch(/<html/i);
    const csp = r.header('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/script-src-attr 'none'/);
    expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).not.toMatch(/upgrade-insecure-requests/);
    expect(r.header('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.header('x-frame-options')).toBe('SAMEORIGIN');
    expect(r.header('x-powered-by')).toBeUndefined();
  });
  it('serves 304 for a page revalidated with its ETag', async () => {
    const first = await sidecar.request('/');
    const again = await sidecar.request('/', { headers: { 'if-none-match': first.header('etag')! } });
    expect(again.status).toBe(304);
  });
  it('does not serve build artefacts', async () => {
    for (const path of ['/build-manifest.json', '/_headers', '/reviews.json.gz', '/reviews.json.br']) {
      await expectJsonError(await sidecar.request(path), 404);
    }
  });
  it('GET /healthz reports the build and is never cached', async () => {
    const r = await sidecar.request('/healthz');
    expect(r.status).toBe(200);
    expect(r.header('cache-control')).toBe('no-store');
    expect(r.json()).toMatchObject({ status: 'ok', build: { reviewCount: expect.any(Number), inputsHash: expect.any(String) } });
    expect((await sidecar.request('/healthz', { method: 'HEAD' })).body.length).toBe(0);
  });
  it('sends no RateLimit headers while rate limiting is off (the default)', async () => {
    expect((await sidecar.request('/reviews.json')).header('ratelimit')).toBeUndefined();
  });
});

describe('without static pages (CDN deployment)', () => {
  it('serves data and dynamic endpoints but no pages', async () => {
    const cdn = await startSidecar({ distDir, env: { SERVE_STATIC: 'false' } });
    try {
      expect((await cdn.request('/reviews.json')).status).toBe(200);
      expect((await cdn.request('/api/reviews/search?rating=5')).status).toBe(200);
      await expectJsonError(await cdn.request('/'), 404);
      await expectJsonError(await cdn.request('/index.html'), 404);
    } finally {
      await cdn.close();
    }
  });
});

describe('rate limiting (RATE_LIMIT_*)', () => {
  it('counts per client per fixed window, answers 429 with Retry-After and the RateLimit fields, spares /healthz', async () => {
    let clock = 1_000_000;
    const limited = await startSidecar({
      distDir,
      env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' },
      now: () => clock,
    });
    try {
      const seen: (string | undefined)[] = [];
      for (const path of ['/reviews.json', '/api/reviews/search', '/api/reviews/since/2024-01-01']) {
        const r = await limited.request(path);
        expect(r.status).toBe(200);
        seen.push(r.header('ratelimit'));
        // Search and since also count against the dynamic limit, listed second.
        expect(r.header('ratelimit-policy')).toBe(path === '/reviews.json' ? '"default";q=3;w=60' : '"default";q=3;w=60, "dynamic";q=1200;w=60');
      }
      expect(seen.map((s) => /r=(\d+)/.exec(s!)![1])).toEqual(['2', '1', '0']);
      const over = await limited.request('/reviews.json');
      await expectJsonError(over, 429);
      expect(Number(over.header('retry-after'))).toBeGreaterThan(0);
      expect((await limited.request('/healthz')).status).toBe(200);
      clock += 60_000;
      const nextWindow = await limited.request('/reviews.json');
      expect(nextWindow.status).toBe(200);
      expect(nextWindow.header('ratelimit')).toMatch(/^"default";r=2;t=\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('request log', () => {
  it('writes one JSON line per request: method, path, status, duration; no query string, no address', async () => {
    const lines: string[] = [];
    const logged = await startSidecar({ distDir, env: { LOG_REQUESTS: 'true' }, logger: createLogger((l) => lines.push(l)) });
    try {
      await logged.request('/reviews.json');
      await logged.request('/api/reviews/search?query=secret%20words&rating=5');
      await logged.request('/nope');
      await logged.request('/api/reviews/search?rating=9');
      const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'request');
      expect(requests.map((l) => [l.method, l.path, l.status])).toEqual([
        ['GET', '/reviews.json', 200],
        ['GET', '/api/reviews/search', 200],
        ['GET', '/nope', 404],
        ['GET', '/api/reviews/search', 400],
      ]);
      for (const l of requests) expect(l.ms).toEqual(expect.any(Number));
      // The request lines carry no query string and no client address (other events may mention settings).
      const all = requests.map((l) => JSON.stringify(l)).join('\n');
      expect(all).not.toContain('secret');
      expect(all).not.toContain('127.0.0.1');
    } finally {
      await logged.close();
    }
  });
});
