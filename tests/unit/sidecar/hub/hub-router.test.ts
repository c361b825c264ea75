import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCidrList } from '../../../../core/hub/cidr.ts';
import { DEFAULT_LEASE_POLICY } from '../../../../core/hub/lease.ts';
import { errorHandler } from '../../../../sidecar/http/errors.ts';
import { clientKey, createHubRouter } from '../../../../sidecar/hub/hub-router.ts';
import type { Logger } from '../../../../sidecar/logger.ts';

const topic = 'http://localhost:4321/feed.xml';
let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** The hub router as the app mounts it (with the app's error handler), on a real socket. */
async function hubWith(admit: () => Promise<never>, logger: Logger): Promise<string> {
  const app = express();
  const router = createHubRouter({
    context: { topics: [topic], allow: parseCidrList('').cidrs, lease: DEFAULT_LEASE_POLICY },
    rateLimit: () => 0,
    admit,
    publish: async () => undefined,
    publishToken: '',
  });
  app.use('/hub', router);
  app.use(errorHandler(logger));
  server = createServer(app);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hub`;
}

describe('hub router', () => {
  it('logs every unexpected error (with its stack) and answers a generic JSON 500', async () => {
    const errors: Record<string, unknown>[] = [];
    const logger: Logger = { info() {}, warn() {}, error: (event, fields) => errors.push({ event, ...fields }) };
    const url = await hubWith(async () => Promise.reject(new Error('invalid byte sequence for encoding "UTF8": 0x00')), logger);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.callback': 'https://sub.example/cb', 'hub.topic': topic }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'Internal Server Error' });
    expect(errors).toEqual([expect.objectContaining({ event: 'unhandled_error', error: expect.stringContaining('invalid byte sequence') })]);
  });
});

describe('clientKey', () => {
  it('groups IPv6 clients by /64 and unwraps IPv4-mapped addresses', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb::2'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey(undefined)).toBe('unknown');
  });
});
