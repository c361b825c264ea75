/**
 * Issue 5 — subscribe / unsubscribe and verification of intent, against the real sidecar with
 * real HTTPS subscribers (test CA generated here, trusted through HUB_CA_FILE).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HttpsSubscriber, TestCa } from '../helpers/https-subscriber.ts';
import { startHubTestBed, type HubTestBed } from '../helpers/hub-test-bed.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { verificationSettled } from '../helpers/hub-settled.ts';
import { makeWorkspace, readHubDb } from '../helpers/hub-workspace.ts';
import { onHubSidecar, subscribeAndWait } from '../helpers/subscribe-and-wait.ts';
import { readUntil } from '../helpers/wait-for.ts';

let ca: TestCa;
let sub: HttpsSubscriber;
let sidecar: HubSidecar;
let topic: string;
let jsonTopic: string;

type SubRow = { callback: string; topic: string; secret: string | null; lease_seconds: number; expires_at: number };
const rows = (callback: string) => readHubDb<SubRow>(sidecar.dbPath, 'SELECT * FROM subscriptions WHERE callback = ?', callback);

/** Waits until the hub has sent verification #count of `path` and finished with it (its queued verification is gone). */
async function settle(path: string, count = 1) {
  await sub.waitFor(() => sub.verificationsFor(path).length >= count, `verification #${count} of ${path}`);
  await verificationSettled(sidecar.dbPath, sub.url(path));
}

let bed: HubTestBed | undefined;
beforeAll(async () => {
  bed = await startHubTestBed(inject('distDir'), { env: { BASE_URL: inject('baseUrl') } });
  ({ ca, sub, sidecar } = bed);
  topic = `${sidecar.baseUrl}/feed.xml`;
  jsonTopic = `${sidecar.baseUrl}/api/feed.json`;
});

afterAll(() => bed?.close());

describe('subscribe → 202 → verification of intent → active', () => {
  it('sends every parameter, keeps the callback query, and activates on an exact echo', async () => {
    const callback = sub.url('/ok?id=42&x=a%20b');
    const res = await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': topic });
    expect(res.status).toBe(202);
    await sub.waitFor(() => sub.verificationsFor('/ok').length === 1, 'verification GET');
    const v = sub.verificationsFor('/ok')[0]!;
    expect(v.rawQuery.startsWith('id=42&x=a%20b&')).toBe(true);
    expect(v.query.get('hub.mode')).toBe('subscribe');
    expect(v.query.get('hub.topic')).toBe(topic);
    expect(v.query.get('hub.lease_seconds')).toBe('864000');
    expect(v.query.get('hub.challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await readUntil(
      () => rows(callback),
      (r) => r.length === 1,
      { what: 'active subscription' },
    );
    expect(row).toMatchObject({ topic, secret: null, lease_seconds: 864_000 });
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 863_000_000);
  });

  it('uses a fresh challenge for every request', async () => {
    const callback = sub.url('/fresh');
    for (let i = 0; i < 3; i++)
      expect((await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': topic })).status).toBe(202);
    await sub.waitFor(() => sub.verificationsFor('/fresh').length === 3, 'three verifications');
    const challenges = sub.verificationsFor('/fresh').map((v) => v.query.get('hub.challenge'));
    expect(new Set(challenges).size).toBe(3);
  });

  it('grants the clamped lease and announces it', async () => {
    const short = sub.url('/short');
    const long = sub.url('/long');
    await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': short, 'hub.topic': topic, 'hub.lease_seconds': '60' });
    await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': long, 'hub.topic': topic, 'hub.lease_seconds': '999999999' });
    await settle('/short');
    await settle('/long');
    expect(sub.verificationsFor('/short')[0]!.query.get('hub.lease_seconds')).toBe('3600');
    expect(sub.verificationsFor('/long')[0]!.query.get('hub.lease_seconds')).toBe('2592000');
    expect((await rows(short))[0]?.lease_seconds).toBe(3_600);
    expect((await rows(long))[0]?.lease_seconds).toBe(2_592_000);
  });

  it('ignores unknown parameters (WebSub §5.1)', async () => {
    await subscribeAndWait({ ...onHubSidecar(sidecar), sub, paths: '/extra', topic, extra: { 'hub.foo': 'bar', utm_source: 'x' } });
  });
});

describe('verification failures leave nothing active', () => {
  const cases: [string, Parameters<HttpsSubscriber['script']>[1]][] = [
    ['wrong challenge body', { verify: { body: 'not-the-challenge' } }],
    ['challenge with a trailing newline', { verify: (v) => ({ body: `${v.query.get('hub.challenge')}\n` }) }],
    ['empty 2xx body', { verify: { status: 204, body: '' } }],
    [
      '3xx redirect (not followed)',
      { verify: (v) => ({ status: 302, headers: { location: `/ok?${v.rawQuery}` }, body: v.query.get('hub.challenge') ?? '' }) },
    ],
    ['4xx with the right body', { verify: { status: 404 } }],
    ['5xx', { verify: { status: 500 } }],
  ];
  it.each(cases)('%s → not active', async (name, script) => {
    const path = `/fail-${name.replace(/\W+/g, '-')}`;
    sub.script(path, script);
    const callback = sub.url(path);
    expect((await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': topic })).status).toBe(202);
    await settle(path);
    expect(await rows(callback)).toEqual([]);
  });

  it('timeout → not active, and the 202 came back before the callback answered', async () => {
    sub.script('/hang', { verify: 'hang' });
    const callback = sub.url('/hang');
    const started = Date.now();
    expect((await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': topic })).status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1_000);
    await sub.waitFor(() => sub.verificationsFor('/hang').length === 1, 'verification GET');
    await verificationSettled(sidecar.dbPath, callback); // given up after HUB_VERIFY_TIMEOUT (1.5 s in tests)
    expect(await rows(callback)).toEqual([]);
  });

  it('a callback whose host does not resolve gets the same 202', async () => {
    const res = await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': 'https://no-such-host.invalid/cb', 'hub.topic': topic });
    expect(res.status).toBe(202);
    expect(res.body).toBe('');
  });
});

describe('re-subscription and unsubscription', () => {
  it('a failed re-subscription keeps the old lease and secret; a verified one replaces them', async () => {
    const callback = sub.url('/resub');
    await subscribeAndWait({
      ...onHubSidecar(sidecar),
      sub,
      paths: '/resub',
      topic,
      extra: { 'hub.lease_seconds': '7200', 'hub.secret': 'first-secret' },
    });
    const before = (await rows(callback))[0]!;

    sub.script('/resub', { verify: { status: 404 } });
    await sidecar.post({
      'hub.mode': 'subscribe',
      'hub.callback': callback,
      'hub.topic': topic,
      'hub.lease_seconds': '3600',
      'hub.secret': 'second-secret',
    });
    await settle('/resub', 2);
    expect((await rows(callback))[0]).toEqual(before);

    sub.script('/resub', {});
    await sidecar.post({
      'hub.mode': 'subscribe',
      'hub.callback': callback,
      'hub.topic': topic,
      'hub.lease_seconds': '3600',
      'hub.secret': 'third-secret',
    });
    const [after] = await readUntil(
      () => rows(callback),
      (r) => r[0]?.secret === 'third-secret',
      { what: 'renewed subscription' },
    );
    expect(after!.lease_seconds).toBe(3_600);
  });

  it('unsubscribe repeats the handshake and removes only on success', async () => {
    const callback = sub.url('/unsub');
    await subscribeAndWait({ ...onHubSidecar(sidecar), sub, paths: '/unsub', topic: jsonTopic });

    sub.script('/unsub', { verify: (v) => (v.query.get('hub.mode') === 'unsubscribe' ? { status: 404 } : {}) });
    expect((await sidecar.post({ 'hub.mode': 'unsubscribe', 'hub.callback': callback, 'hub.topic': jsonTopic })).status).toBe(202);
    await settle('/unsub', 2);
    const refused = sub.verificationsFor('/unsub')[1]!;
    expect([refused.query.get('hub.mode'), refused.query.get('hub.topic'), refused.query.has('hub.lease_seconds')]).toEqual([
      'unsubscribe',
      jsonTopic,
      false,
    ]);
    expect(refused.query.get('hub.challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readHubDb(sidecar.dbPath, 'SELECT 1 FROM subscriptions WHERE callback = ?', callback)).toHaveLength(1);

    sub.script('/unsub', {});
    expect((await sidecar.post({ 'hub.mode': 'unsubscribe', 'hub.callback': callback, 'hub.topic': jsonTopic })).status).toBe(202);
    await readUntil(
      () => readHubDb(sidecar.dbPath, 'SELECT 1 FROM subscriptions WHERE callback = ?', callback),
      (r) => r.length === 0,
      { what: 'removal' },
    );
  });
});

describe('rejected requests: 4xx with {error, issues}', () => {
  const base = () => ({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/rejected'), 'hub.topic': topic });
  it.each([
    ['plain HTTP callback', { 'hub.callback': 'http://localhost/cb' }, 'hub.callback', 'insecure_callback'],
    ['credentials in the callback', { 'hub.callback': 'https://user:pass@localhost/cb' }, 'hub.callback', 'credentials'],
    ['fragment in the callback', { 'hub.callback': 'https://localhost/cb#x' }, 'hub.callback', 'fragment'],
    ['relative callback', { 'hub.callback': '/cb' }, 'hub.callback', 'invalid_url'],
    ['unknown topic', { 'hub.topic': 'http://localhost:4321/insights.json' }, 'hub.topic', 'unknown_topic'],
    ['foreign topic', { 'hub.topic': 'https://example.com/feed.xml' }, 'hub.topic', 'unknown_topic'],
    ['200-byte secret', { 'hub.secret': 's'.repeat(200) }, 'hub.secret', 'too_big'],
    ['bad lease', { 'hub.lease_seconds': '-5' }, 'hub.lease_seconds', 'invalid_type'],
    ['unknown mode', { 'hub.mode': 'subscribe-all' }, 'hub.mode', 'invalid_value'],
  ])('%s', async (_name, override, path, code) => {
    const res = await sidecar.post({ ...base(), ...override });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as { error: string; issues: { path: string; code: string; message: string }[] };
    expect(typeof body.error).toBe('string');
    expect(body.issues).toContainEqual(expect.objectContaining({ path, code }));
  });

  it('a 199-byte secret is accepted', async () => {
    expect((await sidecar.post({ ...base(), 'hub.secret': 's'.repeat(199) })).status).toBe(202);
  });

  it('non-form bodies get 415, oversized forms 413, other methods 405', async () => {
    const json = await fetch(`${sidecar.url}/api/websub/hub`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ issues: [{ code: 'unsupported_media_type' }] });
    const big = await sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/big'), 'hub.topic': topic, pad: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ issues: [{ code: 'too_big' }] });
    const get = await fetch(`${sidecar.url}/api/websub/hub`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('publish pings', () => {
  it('loopback may publish; a proxied request may not; the token opens it to others', async () => {
    expect((await sidecar.post({ 'hub.mode': 'publish', 'hub.url': topic })).status).toBe(202);
    const proxied = await sidecar.post({ 'hub.mode': 'publish', 'hub.url': topic }, { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(403);
    expect(JSON.parse(proxied.body)).toMatchObject({ error: expect.any(String), issues: [] });
    expect((await sidecar.post({ 'hub.mode': 'publish', 'hub.url': 'https://example.com/x' })).status).toBe(400);
  });
});

describe('limits', () => {
  it('rate-limits subscribe requests per client and caps subscriptions per callback host', async () => {
    const ws = await makeWorkspace(inject('distDir'));
    const limited = await startHubSidecar({
      distDir: ws.distDir,
      dbPath: ws.dbPath,
      env: { HUB_CA_FILE: ca.caFile, HUB_SUBSCRIBE_RATE: '4', HUB_MAX_SUBSCRIPTIONS_PER_HOST: '2', HUB_PUBLISH_TOKEN: 'tok-123' },
    });
    try {
      const t = `${limited.baseUrl}/reviews.json`;
      await subscribeAndWait({ ...onHubSidecar(limited), sub, paths: ['/cap1', '/cap2'], topic: t });
      const third = await limited.post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/cap3'), 'hub.topic': t });
      expect(third.status).toBe(403);
      expect(JSON.parse(third.body)).toMatchObject({ issues: [{ path: 'hub.callback', code: 'limit_reached' }] });
      // renewing an existing subscription is not blocked by the cap
      expect((await limited.post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/cap1'), 'hub.topic': t })).status).toBe(202);
      const fifth = await limited.post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/cap1'), 'hub.topic': t });
      expect(fifth.status).toBe(429);
      expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
      // the token lets a proxied client publish
      expect(
        (await limited.post({ 'hub.mode': 'publish', 'hub.url': t }, { 'x-forwarded-for': '203.0.113.9', 'x-hub-publish-token': 'tok-123' })).status,
      ).toBe(202);
      expect(
        (await limited.post({ 'hub.mode': 'publish', 'hub.url': t }, { 'x-forwarded-for': '203.0.113.9', 'x-hub-publish-token': 'wrong' })).status,
      ).toBe(403);
      // the spec: an Authorization header is ignored, so a bearer token there grants nothing
      expect(
        (await limited.post({ 'hub.mode': 'publish', 'hub.url': t }, { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer tok-123' })).status,
      ).toBe(403);
    } finally {
      await limited.close();
      ws.dispose();
    }
  });
});
