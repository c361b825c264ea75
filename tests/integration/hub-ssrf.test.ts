/**
 * Issue 5 — SSRF defence, against the real sidecar: every private, loopback and metadata spelling
 * refused with the allowlist empty; a host name resolving to 127.0.0.1 refused; a DNS answer that
 * changes between check and connect cannot reach a private address; nothing about the failure is
 * reflected to the requester.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HostResolver } from '../../sidecar/hub/outbound/pinned-connector.ts';
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from '../helpers/https-subscriber.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { verificationSettled } from '../helpers/hub-settled.ts';
import { makeWorkspace, readHubDb } from '../helpers/hub-workspace.ts';
import { onHubSidecar, subscribeAndWait } from '../helpers/subscribe-and-wait.ts';

let ca: TestCa;
/** The would-be victim: an HTTPS server on 127.0.0.1 whose certificate matches every test name. */
let victim: HttpsSubscriber;
const NAMES = ['localhost', 'rebind.test', 'metadata.test', 'mixed.test', 'private.test', 'mapped.test', 'good.test'];

beforeAll(async () => {
  ca = createTestCa();
  victim = await startHttpsSubscriber({ ca, dnsNames: NAMES, host: '127.0.0.1' });
});
afterAll(async () => {
  await victim?.close();
  ca?.dispose();
});

describe('allowlist empty (production default)', () => {
  let sidecar: HubSidecar;
  let ws: Awaited<ReturnType<typeof makeWorkspace>>;
  beforeAll(async () => {
    ws = await makeWorkspace(inject('distDir'));
    sidecar = await startHubSidecar({ distDir: ws.distDir, dbPath: ws.dbPath, env: { HUB_CA_FILE: ca.caFile, HUB_ALLOW_PRIVATE_CALLBACKS: '' } });
  });
  afterAll(async () => {
    await sidecar?.close();
    ws?.dispose();
  });

  const spellings = [
    '127.0.0.1',
    '127.1',
    '127.0.1',
    '2130706433',
    '0x7f000001',
    '0x7f.0.0.1',
    '0x7f.1',
    '0177.0.0.1',
    '0177.1',
    '017700000001',
    '127.0.0.1.',
    '127.255.255.254',
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[64:ff9b::127.0.0.1]',
    '[2002:7f00:1::]',
    '0.0.0.0',
    '0',
    '[::]',
    '10.0.0.1',
    '012.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '0xc0a80001',
    '3232235521',
    '[::ffff:192.168.0.1]',
    '169.254.169.254',
    '169.254.43518',
    '0xa9fea9fe',
    '2852039166',
    '0251.0376.0251.0376',
    '[::ffff:169.254.169.254]',
    '[fd00:ec2::254]',
    '100.100.100.200',
    '168.63.129.16',
    '192.0.0.192',
    '169.254.1.1',
    '[fe80::1]',
    '100.64.0.1',
    '[fc00::1]',
    '[fd12:3456:789a::1]',
    '224.0.0.1',
    '[ff02::1]',
    '255.255.255.255',
    '240.0.0.1',
    '198.18.0.1',
    '192.0.2.1',
  ];

  it.each(spellings)('https://%s/ is refused with 400 and never contacted', async (host) => {
    const res = await sidecar.post({
      'hub.mode': 'subscribe',
      'hub.callback': `https://${host}:${victim.port}/ssrf`,
      'hub.topic': `${sidecar.baseUrl}/feed.xml`,
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ issues: [{ path: 'hub.callback', code: 'forbidden_address' }] });
  });

  it('a host name that resolves to 127.0.0.1 is refused after resolution, with the same 202 as any other', async () => {
    const callback = `https://localhost:${victim.port}/ssrf-name`;
    const blocked = await sidecar.post({
      'hub.mode': 'subscribe',
      'hub.callback': callback,
      'hub.topic': `${sidecar.baseUrl}/feed.xml`,
    });
    const unknown = await sidecar.post({
      'hub.mode': 'subscribe',
      'hub.callback': 'https://subscriber.example.com/cb',
      'hub.topic': `${sidecar.baseUrl}/feed.xml`,
    });
    expect([blocked.status, blocked.body]).toEqual([202, '']);
    expect([unknown.status, unknown.body]).toEqual([blocked.status, blocked.body]);
    await verificationSettled(sidecar.dbPath, callback); // the hub has refused it: nothing more will be tried
    expect(victim.verifications.filter((v) => v.path.startsWith('/ssrf'))).toEqual([]);
    expect(await readHubDb(sidecar.dbPath, 'SELECT 1 FROM subscriptions')).toEqual([]);
  });
});

describe('names resolved through an injected DNS (rebinding)', () => {
  let sidecar: HubSidecar;
  let ws: Awaited<ReturnType<typeof makeWorkspace>>;
  /** A legitimate subscriber on 127.0.0.2, the only allowlisted address. */
  let legit: HttpsSubscriber;
  const lookups: string[] = [];
  let rebindCalls = 0;
  const answers: Record<string, string[]> = {
    'metadata.test': ['169.254.169.254'],
    'mixed.test': ['127.0.0.2', '127.0.0.1'],
    'private.test': ['10.0.0.5'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'good.test': ['127.0.0.2'],
  };
  const resolve: HostResolver = async (hostname) => {
    lookups.push(hostname);
    if (hostname === 'rebind.test') {
      // First answer: an allowed address (where nothing listens on that port); every later answer: loopback.
      return [{ address: rebindCalls++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    }
    return (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    legit = await startHttpsSubscriber({ ca, dnsNames: ['good.test'], host: '127.0.0.2' });
    ws = await makeWorkspace(inject('distDir'));
    sidecar = await startHubSidecar({
      distDir: ws.distDir,
      dbPath: ws.dbPath,
      resolve,
      env: { HUB_CA_FILE: ca.caFile, HUB_ALLOW_PRIVATE_CALLBACKS: '127.0.0.2/32' },
    });
  });
  afterAll(async () => {
    await sidecar?.close();
    await legit?.close();
    ws?.dispose();
  });

  const subscribe = (url: string) => sidecar.post({ 'hub.mode': 'subscribe', 'hub.callback': url, 'hub.topic': `${sidecar.baseUrl}/feed.xml` });

  it('an allowlisted name works through the pinned connection (SNI and certificate by name)', async () => {
    await subscribeAndWait({ ...onHubSidecar(sidecar), sub: legit, paths: '/good', topic: `${sidecar.baseUrl}/feed.xml` });
    expect(legit.verificationsFor('/good').map((v) => v.host)).toEqual(['good.test']);
    expect(await readHubDb(sidecar.dbPath, 'SELECT host FROM subscriptions')).toEqual([{ host: 'good.test' }]);
  });

  it('a DNS answer that changes between check and connect cannot reach 127.0.0.1', async () => {
    const callback = `https://rebind.test:${victim.port}/rebind`;
    expect((await subscribe(callback)).status).toBe(202);
    await verificationSettled(sidecar.dbPath, callback); // tried once, on the first answer, and given up
    expect(lookups.filter((h) => h === 'rebind.test')).toHaveLength(1); // resolved once, connected to that answer
    expect(victim.verificationsFor('/rebind')).toEqual([]);
    expect(await readHubDb(sidecar.dbPath, "SELECT 1 FROM subscriptions WHERE host = 'rebind.test'")).toEqual([]);
  });

  it.each(['metadata.test', 'mixed.test', 'private.test', 'mapped.test', 'unknown.test'])('%s is refused without a request', async (name) => {
    const callback = `https://${name}:${victim.port}/${name}`;
    expect((await subscribe(callback)).status).toBe(202);
    await verificationSettled(sidecar.dbPath, callback); // refused by the hub: nothing more will be tried
    expect(victim.verificationsFor(`/${name}`)).toEqual([]);
    expect(await readHubDb(sidecar.dbPath, 'SELECT 1 FROM subscriptions WHERE host = ?', name)).toEqual([]);
  });
});
