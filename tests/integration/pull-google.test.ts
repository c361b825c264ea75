/**
 * Issue 25 — live Google pull against a local server implementing the OAuth token endpoint and
 * reviews.list: pagination, incremental stop, token refresh and revocation, retries (429 Retry-After,
 * 5xx, timeouts, a server dying mid-pull), malformed pages, and no secret in any message.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ContentError } from '../../core/content/content-error.ts';
import { PullError } from '../../scripts/lib/pull-error.ts';
import type { PullSource } from '../../scripts/lib/run-pull.ts';
import { snapshotFolder } from '../helpers/content-snapshot.ts';
import { googleReview, startFakeGoogle, type FakeGoogle } from '../helpers/fake-providers.ts';
import { failure, usePullWorkspace } from '../helpers/pull-workspace.ts';

const LOCATION = 'accounts/1234567890/locations/9876543210';
const source: PullSource = { kind: 'google', location: LOCATION };
let google: FakeGoogle;

/** `n` reviews, one minute apart, ending at `end`. */
function reviews(n: number, prefix: string, end = Date.parse('2026-10-01T12:00:00Z')) {
  return Array.from({ length: n }, (_, i) =>
    googleReview(LOCATION, `${prefix}${i}`, new Date(end - i * 60_000).toISOString().replace('.000Z', '.123456Z')),
  );
}

const settings = () => ({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_REFRESH_TOKEN: google.refreshToken,
  GOOGLE_API_BASE_URL: google.apiBaseUrl,
  GOOGLE_TOKEN_URL: google.tokenUrl,
  PULL_RETRY_BASE_MS: '1000',
});

const pulls = usePullWorkspace(source, {
  start: async () => (google = await startFakeGoogle()),
  key: LOCATION,
  seed: () => reviews(120, 'r'),
  settings,
});

function expectNoSecrets(...texts: string[]) {
  const secrets = [
    google.clientSecret,
    google.refreshToken,
    ...google.requests.map((r) => String(r.headers.authorization ?? '').replace('Bearer ', '')).filter(Boolean),
  ];
  for (const text of texts) for (const s of secrets) expect(text).not.toContain(s);
}

describe('npm run import -- google (live)', () => {
  it('reads every page (pageSize 50, nextPageToken) on the first pull, then stops at the watermark', async () => {
    const first = await pulls.pull();
    expect(first).toMatchObject({ new: 120, updated: 0, pages: 3, error: null });
    expect(google.listRequests().map((r) => r.query.get('pageSize'))).toEqual(['50', '50', '50']);
    expect(google.listRequests().map((r) => r.query.has('pageToken'))).toEqual([false, true, true]);
    const after = snapshotFolder(pulls.ws.contentDir);
    google.requests.length = 0;
    // Nothing new: one page read, no byte changed (the state file included).
    const second = await pulls.pull();
    expect(second).toMatchObject({ new: 0, updated: 0, pages: 1 });
    expect(google.listRequests()).toHaveLength(1);
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(after);
  });

  it('incremental: two new reviews and one edited reply are read from the first page only; --full reads everything', async () => {
    await pulls.pull();
    const list = google.reviews.get(LOCATION)!;
    list.push(...reviews(2, 'new', Date.parse('2026-10-03T09:00:00Z')));
    list[5]!.reviewReply = { comment: 'Thank you!', updateTime: '2026-10-03T10:00:00.5Z' };
    list[5]!.updateTime = '2026-10-03T10:00:00.5Z';
    google.requests.length = 0;
    expect(await pulls.pull()).toMatchObject({ new: 2, updated: 1, pages: 1 });
    expect(google.listRequests()).toHaveLength(1);
    google.requests.length = 0;
    expect(await pulls.pull({ full: true })).toMatchObject({ new: 0, updated: 0, unchanged: 122, pages: 3 });
  });

  it('refreshes the access token when the API answers 401, and when it expires', async () => {
    let lists = 0;
    const expiring: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).includes('/reviews') && ++lists === 1) google.expireAccessTokens();
      return res;
    };
    expect(await pulls.pull({ fetch: expiring })).toMatchObject({ new: 120, pages: 3 });
    expect(google.tokenRequests()).toHaveLength(2);
    expect(google.listRequests().map((r) => r.headers.authorization === google.listRequests()[0]!.headers.authorization)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    for (const r of google.tokenRequests()) expect(new URLSearchParams(r.body).get('grant_type')).toBe('refresh_token');
    // A token that lives less than the safety margin is refreshed before every page.
    const shortLived = await startFakeGoogle({ accessTokenLifetimeSeconds: 30 });
    try {
      shortLived.reviews.set(LOCATION, reviews(120, 's'));
      const e = {
        ...pulls.env(),
        GOOGLE_CLIENT_ID: shortLived.clientId,
        GOOGLE_CLIENT_SECRET: shortLived.clientSecret,
        GOOGLE_REFRESH_TOKEN: shortLived.refreshToken,
        GOOGLE_API_BASE_URL: shortLived.apiBaseUrl,
        GOOGLE_TOKEN_URL: shortLived.tokenUrl,
      };
      expect(await pulls.pull({ env: e, full: true })).toMatchObject({ new: 120 });
      expect(shortLived.tokenRequests()).toHaveLength(3);
    } finally {
      await shortLived.close();
    }
  });

  it('a revoked refresh token (invalid_grant) or wrong client credentials end the pull with what to do, writing nothing', async () => {
    const before = snapshotFolder(pulls.ws.contentDir);
    google.revokeRefreshToken();
    try {
      const revoked = await failure(pulls.pull());
      expect(revoked).toBeInstanceOf(PullError);
      expect(revoked.message).toMatch(/invalid_grant.*expired or revoked.*--auth-help/);
      const wrong = await failure(pulls.pull({ env: pulls.env({ GOOGLE_CLIENT_SECRET: 'GOCSPX-wrong-secret-value' }) }));
      expect(wrong.message).toMatch(/GOOGLE_CLIENT_ID \/ GOOGLE_CLIENT_SECRET \(invalid_client\)/);
      expect(wrong.message).not.toContain('GOCSPX-wrong-secret-value');
      expectNoSecrets(revoked.message, wrong.message, ...pulls.logs);
    } finally {
      google.revokeRefreshToken(false);
    }
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
  });

  it('403 and 404 say what is wrong with the location', async () => {
    google.forbidden.add(LOCATION);
    const forbidden = await failure(pulls.pull());
    google.forbidden.delete(LOCATION);
    expect(forbidden.message).toMatch(/no access \(403\).*own or manage this location/);
    google.reviews.delete(LOCATION);
    const missing = await failure(pulls.pull());
    expect(missing.message).toMatch(/not found \(404\).*Check the name/);
  });

  it('429 waits as long as Retry-After says, then goes on', async () => {
    google.failNext({ status: 429, retryAfter: '7' });
    expect(await pulls.pull()).toMatchObject({ new: 120 });
    expect(pulls.sleeps).toEqual([7000]);
    expect(pulls.logs.join('\n')).toMatch(/HTTP 429.*retry 1\/2 in 7\.0 s/);
  });

  it('5xx is retried with exponential backoff, then given up with a clear message; nothing is written', async () => {
    const before = snapshotFolder(pulls.ws.contentDir);
    google.failPage(2, { status: 503 });
    const e = await failure(pulls.pull());
    google.failPage(2, null);
    expect(e.message).toMatch(/page 2: gave up after 3 tries, last: HTTP 503.*nothing was written/);
    // random() = 0.5: no jitter, so the delays are the plain schedule.
    expect(pulls.sleeps).toEqual([1000, 2000]);
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
  });

  it('a slow answer times out and is asked again', async () => {
    google.failNext({ delayMs: 1500 });
    expect(await pulls.pull()).toMatchObject({ new: 120 });
    expect(pulls.logs.join('\n')).toMatch(/no answer within 1000 ms; retry 1\/2/);
  });

  it('a malformed page (bad JSON, wrong shape, a bad review) is rejected with nothing written', async () => {
    const before = snapshotFolder(pulls.ws.contentDir);
    google.failPage(3, { malformed: '{"reviews": [' });
    expect((await failure(pulls.pull())).message).toMatch(/page 3: the answer is not valid JSON/);
    google.failPage(3, { malformed: '{"reviews": "none", "nextPageToken": 7}' });
    expect((await failure(pulls.pull())).message).toMatch(/page 3: not a reviews.list answer: field reviews/);
    google.failPage(3, { malformed: JSON.stringify({ reviews: [{ ...reviews(1, 'bad')[0], starRating: 'SIX' }] }) });
    const bad = await failure(pulls.pull());
    google.failPage(3, null);
    expect(bad).toBeInstanceOf(ContentError);
    expect(bad.message).toMatch(
      /google accounts\/1234567890\/locations\/9876543210 page 3 \(bad0\) reviews\.0\.starRating: must be ONE, TWO, THREE, FOUR or FIVE/,
    );
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
  });

  it('the server dying mid-pull leaves content/ byte-identical', async () => {
    const before = snapshotFolder(pulls.ws.contentDir);
    const dying = await startFakeGoogle();
    dying.reviews.set(LOCATION, reviews(120, 'd'));
    dying.failPage(2, { die: true });
    const e = await failure(
      pulls.pull({
        env: {
          ...pulls.env(),
          GOOGLE_CLIENT_ID: dying.clientId,
          GOOGLE_CLIENT_SECRET: dying.clientSecret,
          GOOGLE_REFRESH_TOKEN: dying.refreshToken,
          GOOGLE_API_BASE_URL: dying.apiBaseUrl,
          GOOGLE_TOKEN_URL: dying.tokenUrl,
        },
      }),
    );
    await dying.close();
    expect(e.message).toMatch(/page 2: gave up after 3 tries, last: network error/);
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
  });

  it('missing credentials name the variables; a plain-http address off loopback is refused', async () => {
    expect((await failure(pulls.pull({ env: { GOOGLE_API_BASE_URL: google.apiBaseUrl } }))).message).toMatch(
      /GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN are not set.*--auth-help/,
    );
    expect((await failure(pulls.pull({ env: pulls.env({ GOOGLE_API_BASE_URL: 'http://192.0.2.1' }) }))).message).toMatch(
      /GOOGLE_API_BASE_URL: must be https:\/\//,
    );
  });

  it('no secret appears in any log line or message, nor in content/', async () => {
    google.failNext({ status: 429, retryAfter: '1' }, { status: 500 }, { delayMs: 1500 });
    await pulls.pull({ env: pulls.env({ PULL_MAX_ATTEMPTS: '4' }) });
    google.revokeRefreshToken();
    const e = await failure(pulls.pull({ full: true }));
    google.revokeRefreshToken(false);
    expectNoSecrets(
      e.message,
      ...pulls.logs,
      ...[...snapshotFolder(pulls.ws.contentDir).values()].map((b) => Buffer.from(b, 'base64').toString('utf8')),
    );
    expect(pulls.logs.length).toBeGreaterThanOrEqual(3);
  });

  it('npm run import -- google --location … pulls in a real process, printing counts and no secret', async () => {
    const root = resolve(import.meta.dirname, '..', '..');
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [join(root, 'scripts', 'import.ts'), 'google', '--location', LOCATION, ...args], {
        cwd: root,
        env: { ...process.env, ...pulls.env(), CONTENT_DIR: pulls.ws.contentDir },
      });
    const first = await run([]);
    // Every command names its content folder first (scripts/lib/announce-content.ts); the counts follow.
    expect(first.stdout).toMatch(/^import: content folder .*\n/);
    expect(first.stdout.split('\n').slice(1).join('\n')).toBe(`google:${LOCATION}: 120 new, 0 updated, 0 unchanged (3 pages)\n`);
    const second = await run(['--quiet']);
    expect(second.stdout.split('\n').slice(1).join('\n')).toBe(`google:${LOCATION}: 0 new, 0 updated, 1 unchanged (1 page)\n`);
    expect(second.stderr).toBe('');
    expectNoSecrets(first.stdout, first.stderr, second.stdout);
  });
});
