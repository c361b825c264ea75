/**
 * The websub.rocks hub tests 100–106 (https://websub.rocks/hub), re-implemented as automated
 * tests against the real sidecar with real HTTPS subscribers. Publishing is a real rebuild that
 * adds one review; the sidecar's watcher swaps it in and the hub delivers.
 *
 * 105 (text/plain content) has no text/plain topic here; it becomes "non-JSON content is delivered
 * with its exact Content-Type" using the Atom topic. 106 is the JSON topics.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyPayloadSignature } from '../../core/hub/payload-signature.ts';
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from '../helpers/https-subscriber.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { hubSettled, verificationSettled } from '../helpers/hub-settled.ts';
import { addReview, buildDist, makeWorkspace } from '../helpers/hub-workspace.ts';

let ca: TestCa;
let sub: HttpsSubscriber;
let sidecar: HubSidecar;
let ws: Awaited<ReturnType<typeof makeWorkspace>>;
const SECRET = 'websub-rocks-101-secret';

const topic = (path: string) => `${sidecar.baseUrl}${path}`;
const form = (mode: string, path: string, topicPath: string, extra: Record<string, string> = {}) => ({
  'hub.mode': mode,
  'hub.callback': sub.url(path),
  'hub.topic': topic(topicPath),
  ...extra,
});
function served(path: string) {
  const manifest = JSON.parse(readFileSync(join(ws.distDir, 'build-manifest.json'), 'utf8')) as {
    documents: { path: string; contentType: string; identity: { file: string } }[];
  };
  const doc = manifest.documents.find((d) => d.path === path)!;
  return { bytes: readFileSync(join(ws.distDir, doc.identity.file)), contentType: doc.contentType };
}
const verified = (path: string, n: number) => sub.waitFor(() => sub.verificationsFor(path).length >= n, `${n} verification(s) of ${path}`);

beforeAll(async () => {
  ca = createTestCa();
  sub = await startHttpsSubscriber({ ca });
  ws = await makeWorkspace(inject('distDir'));
  sidecar = await startHubSidecar({ distDir: ws.distDir, dbPath: ws.dbPath, env: { HUB_CA_FILE: ca.caFile } });

  // 100–106 subscribe (and 103 re-subscribes, 104 unsubscribes) before the one publish below.
  const requests: [string, Record<string, string>, number][] = [
    ['100', form('subscribe', '/100', '/feed.xml'), 1],
    ['101', form('subscribe', '/101', '/feed.xml', { 'hub.secret': SECRET }), 1],
    ['102', form('subscribe', '/102', '/feed.xml', { 'hub.foo': 'bar', 'hub.lease_seconds': '86400', extra: 'ignored', 'hub.x-custom': '1' }), 1],
    ['103', form('subscribe', '/103', '/feed.xml'), 1],
    ['103', form('subscribe', '/103', '/feed.xml'), 2],
    ['104', form('subscribe', '/104', '/feed.xml'), 1],
    ['104', form('unsubscribe', '/104', '/feed.xml'), 2],
    ['105', form('subscribe', '/105', '/feed.xml'), 1],
    ['106', form('subscribe', '/106', '/api/feed.json'), 1],
    ['106', form('subscribe', '/106-dataset', '/reviews.json'), 1],
  ];
  for (const [test, fields, nth] of requests) {
    const res = await sidecar.post(fields);
    expect(res.status, `websub.rocks ${test}`).toBe(202);
    await verified(new URL(fields['hub.callback']!).pathname, nth);
    await verificationSettled(sidecar.dbPath, fields['hub.callback']!);
  }
  await addReview(ws.contentDir);
  await buildDist(ws.contentDir, ws.distDir);
  await sidecar.checkDist();
  await sub.waitFor(
    () => ['/100', '/101', '/102', '/103', '/105', '/106', '/106-dataset'].every((p) => sub.notificationsFor(p).length >= 1),
    'the deliveries',
  );
  await hubSettled(sidecar); // nothing left to send: any duplicate or unwanted delivery has come by now
});

afterAll(async () => {
  await sidecar?.close();
  await sub?.close();
  ws?.dispose();
  ca?.dispose();
});

describe('websub.rocks hub tests', () => {
  it('100: typical subscriber request — verified with a GET, then the new content is delivered', () => {
    const [v] = sub.verificationsFor('/100');
    expect(v!.query.get('hub.mode')).toBe('subscribe');
    expect(v!.query.get('hub.topic')).toBe(topic('/feed.xml'));
    expect(v!.query.get('hub.challenge')).toBeTruthy();
    expect(Number(v!.query.get('hub.lease_seconds'))).toBeGreaterThan(0);
    const notes = sub.notificationsFor('/100');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body.equals(served('/feed.xml').bytes)).toBe(true);
    expect(notes[0]!.headers.link).toContain(`<${topic('/feed.xml')}>; rel="self"`);
    expect(notes[0]!.headers.link).toContain(`<${sidecar.baseUrl}/api/websub/hub>; rel="hub"`);
  });

  it('101: subscriber includes a secret — the delivery is signed with HMAC-SHA256 over the body', () => {
    const [n] = sub.notificationsFor('/101');
    const header = n!.headers['x-hub-signature'] as string;
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyPayloadSignature(SECRET, n!.body, header)).toBe(true);
    expect(verifyPayloadSignature('wrong', n!.body, header)).toBe(false);
  });

  it('102: subscriber sends additional parameters — they are ignored, the subscription works', () => {
    expect(sub.verificationsFor('/102')[0]!.query.get('hub.lease_seconds')).toBe('86400');
    expect(sub.verificationsFor('/102')[0]!.query.has('hub.foo')).toBe(false);
    expect(sub.notificationsFor('/102')).toHaveLength(1);
  });

  it('103: subscriber re-subscribes before the subscription expires — exactly one delivery', () => {
    expect(sub.verificationsFor('/103')).toHaveLength(2);
    expect(sub.notificationsFor('/103')).toHaveLength(1);
  });

  it('104: unsubscribe request — the unsubscription is verified, then nothing is delivered', () => {
    expect(sub.verificationsFor('/104').map((v) => v.query.get('hub.mode'))).toEqual(['subscribe', 'unsubscribe']);
    expect(sub.notificationsFor('/104')).toHaveLength(0);
  });

  it('105: non-JSON content (Atom here; no text/plain topic exists) — delivered with its exact Content-Type', () => {
    const [n] = sub.notificationsFor('/105');
    expect(n!.headers['content-type']).toBe(served('/feed.xml').contentType);
    expect(n!.headers['content-type']).toMatch(/^application\/atom\+xml/);
    expect(n!.body.equals(served('/feed.xml').bytes)).toBe(true);
  });

  it('106: JSON content — delivered as application/json with the exact bytes', () => {
    for (const [path, topicPath] of [
      ['/106', '/api/feed.json'],
      ['/106-dataset', '/reviews.json'],
    ] as const) {
      const [n] = sub.notificationsFor(path);
      expect(n!.headers['content-type']).toBe(served(topicPath).contentType);
      expect(n!.headers['content-type']).toMatch(/^application\/json/);
      expect(n!.body.equals(served(topicPath).bytes)).toBe(true);
      expect(() => JSON.parse(n!.body.toString('utf8'))).not.toThrow();
    }
  });
});
