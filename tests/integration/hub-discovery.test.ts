/**
 * Issue 5 — discovery: the topic documents carry `Link: <hub>; rel="hub", <topic>; rel="self"`
 * when served by the sidecar and in `_headers` for a CDN; the Atom feed has <link rel="hub">, the
 * JSON Feed has `hubs`. (The headers are served by the data-document route; this checks them.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { makeWorkspace } from '../helpers/hub-workspace.ts';

let sidecar: HubSidecar;
let ws: Awaited<ReturnType<typeof makeWorkspace>>;
const TOPICS = ['/feed.xml', '/api/feed.json', '/reviews.json'];

beforeAll(async () => {
  ws = await makeWorkspace(inject('distDir'));
  sidecar = await startHubSidecar({ distDir: ws.distDir, dbPath: ws.dbPath });
});
afterAll(async () => {
  await sidecar?.close();
  ws?.dispose();
});

describe('WebSub discovery', () => {
  it.each(TOPICS)('GET and HEAD %s carry the hub and self links', async (path) => {
    const expected = `<${sidecar.baseUrl}/api/websub/hub>; rel="hub", <${sidecar.baseUrl}${path}>; rel="self"`;
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${sidecar.url}${path}`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).toBe(expected);
    }
  });

  it('non-topic documents have no hub link', async () => {
    const res = await fetch(`${sidecar.url}/insights.json`);
    expect(res.headers.get('link') ?? '').not.toContain('rel="hub"');
  });

  it('_headers gives a CDN the same Link headers', () => {
    const headers = readFileSync(join(ws.distDir, '_headers'), 'utf8');
    for (const path of TOPICS)
      expect(headers).toContain(`Link: <${sidecar.baseUrl}/api/websub/hub>; rel="hub", <${sidecar.baseUrl}${path}>; rel="self"`);
  });

  it('the Atom feed links the hub and itself; the JSON Feed lists the hub', async () => {
    const atom = await (await fetch(`${sidecar.url}/feed.xml`)).text();
    expect(atom).toMatch(new RegExp(`<link rel="hub" href="${sidecar.baseUrl}/api/websub/hub"\\s*/>`));
    expect(atom).toMatch(new RegExp(`<link rel="self"[^>]* href="${sidecar.baseUrl}/feed.xml"`));
    const feed = (await (await fetch(`${sidecar.url}/api/feed.json`)).json()) as { hubs?: { type: string; url: string }[] };
    expect(feed.hubs).toEqual([{ type: 'WebSub', url: `${sidecar.baseUrl}/api/websub/hub` }]);
  });
});
