import { describe, expect, it } from 'vitest';
import { parseCidrList } from '../../../../core/hub/cidr.ts';
import { parseHubRequest } from '../../../../core/hub/hub-request.ts';
import { DEFAULT_LEASE_POLICY } from '../../../../core/hub/lease.ts';

const topics = ['http://localhost:4321/feed.xml', 'http://localhost:4321/api/feed.json', 'http://localhost:4321/reviews.json'];
const ctx = { topics, allow: parseCidrList('').cidrs, lease: DEFAULT_LEASE_POLICY };
const parse = (fields: Record<string, string> | [string, string][]) => parseHubRequest(new URLSearchParams(fields), ctx);
const codes = (r: ReturnType<typeof parse>) => (r.ok ? [] : r.issues.map((i) => `${i.path}:${i.code}`));

describe('parseHubRequest', () => {
  it('accepts a subscription with the default lease, ignoring unknown parameters', () => {
    const r = parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://sub.example/cb?x=1', 'hub.topic': topics[0]!, foo: 'bar', 'hub.extra': '1' });
    expect(r).toEqual({
      ok: true,
      request: {
        mode: 'subscribe',
        callback: 'https://sub.example/cb?x=1',
        host: 'sub.example',
        topic: topics[0],
        leaseSeconds: 864_000,
        secret: null,
      },
    });
  });
  it('clamps the lease and keeps the secret', () => {
    const r = parse({
      'hub.mode': 'subscribe',
      'hub.callback': 'https://s.example/',
      'hub.topic': topics[2]!,
      'hub.lease_seconds': '10',
      'hub.secret': 'k',
    });
    expect(r.ok && r.request.mode === 'subscribe' && [r.request.leaseSeconds, r.request.secret]).toEqual([3_600, 'k']);
  });
  it('normalises the topic URL but only accepts the three topics', () => {
    expect(parse({ 'hub.mode': 'unsubscribe', 'hub.callback': 'https://s.example/', 'hub.topic': 'HTTP://LOCALHOST:4321/feed.xml' }).ok).toBe(true);
    expect(
      codes(parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': 'http://localhost:4321/insights.json' })),
    ).toEqual(['hub.topic:unknown_topic']);
    expect(codes(parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': 'https://evil.example/feed.xml' }))).toEqual([
      'hub.topic:unknown_topic',
    ]);
    expect(codes(parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': `${topics[0]}?x` }))).toEqual([
      'hub.topic:unknown_topic',
    ]);
  });
  it('reports every problem at once', () => {
    expect(
      codes(parse({ 'hub.mode': 'subscribe', 'hub.callback': 'http://s.example/', 'hub.lease_seconds': 'ten', 'hub.secret': 'x'.repeat(200) })),
    ).toEqual(['hub.callback:insecure_callback', 'hub.topic:required', 'hub.lease_seconds:invalid_type', 'hub.secret:too_big']);
  });
  it('refuses control characters in the secret (a NUL broke PostgreSQL with a 500)', () => {
    for (const bad of ['a\u0000b', 'tab\there', 'line\nfeed', '\u007f', 'esc\u001b[2J']) {
      const r = parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': topics[0]!, 'hub.secret': bad });
      expect(codes(r), JSON.stringify(bad)).toEqual(['hub.secret:invalid_characters']);
    }
    const spaces = parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': topics[0]!, 'hub.secret': 'pass phrase é ✓' });
    expect(spaces.ok).toBe(true);
  });
  it('measures the secret in bytes, not characters', () => {
    const ok = parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': topics[0]!, 'hub.secret': 'é'.repeat(99) }); // 198 bytes
    const tooBig = parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': topics[0]!, 'hub.secret': 'é'.repeat(100) }); // 200 bytes
    expect(ok.ok).toBe(true);
    expect(codes(tooBig)).toEqual(['hub.secret:too_big']);
    expect(
      codes(parse({ 'hub.mode': 'subscribe', 'hub.callback': 'https://s.example/', 'hub.topic': topics[0]!, 'hub.secret': 'x'.repeat(199) })),
    ).toEqual([]);
  });
  it('rejects missing or unknown modes and repeated parameters', () => {
    expect(codes(parse({}))).toEqual(['hub.mode:required']);
    expect(codes(parse({ 'hub.mode': 'Subscribe' }))).toEqual(['hub.mode:invalid_value']);
    expect(
      codes(
        parse([
          ['hub.mode', 'subscribe'],
          ['hub.callback', 'https://a.example/'],
          ['hub.callback', 'https://b.example/'],
          ['hub.topic', topics[0]!],
        ]),
      ),
    ).toEqual(['hub.callback:repeated_parameter']);
  });
  it('parses publish pings with several hub.url / hub.topic values', () => {
    const r = parse([
      ['hub.mode', 'publish'],
      ['hub.url', topics[0]!],
      ['hub.topic', topics[1]!],
      ['hub.url', topics[0]!],
    ]);
    expect(r.ok && r.request).toEqual({ mode: 'publish', topics: [topics[0], topics[1]] });
    expect(codes(parse({ 'hub.mode': 'publish' }))).toEqual(['hub.url:required']);
    expect(codes(parse({ 'hub.mode': 'publish', 'hub.url': 'https://x.example/' }))).toEqual(['hub.url:unknown_topic']);
  });
});
