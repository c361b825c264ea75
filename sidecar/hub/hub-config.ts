import cron from 'node-cron';
import { z } from 'zod';
import { parseCidrList } from '../../core/hub/cidr.ts';
import { parseDuration, parseDurationList } from '../../core/hub/parse-duration.ts';

const duration = (fallback: string, what: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => (parseDuration(v) ?? 0) > 0, { message: 'a positive duration such as 500ms, 30s, 5m, 1h or 10d (a bare number means seconds)' })
    .describe(`${what} Duration: 500ms, 30s, 5m, 1h, 10d; a bare number means seconds. Default ${fallback}.`);

const count = (fallback: number, what: string) =>
  z.coerce.number().int().min(1).max(1_000_000).default(fallback).describe(`${what} Default ${fallback}.`);

export const cronExpression = (fallback: string, what: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => v.trim() === '' || v.trim() === 'off' || cron.validate(v), { message: 'a cron expression such as "0 3 * * *", or "off"' })
    .describe(what);

/** Environment settings of the WebSub hub; merged into the sidecar config (sidecar/config.ts). Documented in docs/websub.md. */
export const HubConfigShape = {
  HUB_DB_PATH: z.string().default('data/hub.db').describe('SQLite file for subscriptions and pending deliveries (WAL, synchronous FULL).'),
  HUB_RETRY_DELAYS: z
    .string()
    .default('30s,5m,30m')
    .refine((v) => parseDurationList(v) !== null, { message: 'comma-separated positive durations such as 30s,5m,30m' })
    .describe('Delays before retry 1, 2, 3 … of a failed delivery (±HUB_RETRY_JITTER); past the end the last one doubles.'),
  HUB_RETRY_JITTER: z.coerce.number().min(0).max(1).default(0.2).describe('Random spread of each retry delay, as a fraction (0.2 = ±20 %).'),
  HUB_ALLOW_PRIVATE_CALLBACKS: z
    .string()
    .default('')
    .refine((v) => parseCidrList(v).invalid.length === 0, { message: 'comma-separated CIDR blocks such as 127.0.0.0/8,::1/128' })
    .describe('CIDR blocks of otherwise refused (private, loopback …) callback addresses to allow. Empty (default) in production.'),
  HUB_PUBLISH_TOKEN: z
    .string()
    .default('')
    .describe('Token (sent in the X-Hub-Publish-Token header) that lets a non-loopback client send hub.mode=publish. Empty: loopback only.'),
  HUB_LEASE_DEFAULT: duration('10d', 'Lease granted when hub.lease_seconds is absent.'),
  HUB_LEASE_MIN: duration('1h', 'Shortest lease granted; shorter requests are raised to it.'),
  HUB_LEASE_MAX: duration('30d', 'Longest lease granted; longer requests are cut to it.'),
  HUB_VERIFY_TIMEOUT: duration('10s', 'Whole-request time limit of a verification or denial GET.'),
  HUB_DELIVERY_TIMEOUT: duration('15s', 'Whole-request time limit of one content delivery POST.'),
  HUB_CONNECT_TIMEOUT: duration('5s', 'Time limit for DNS resolution plus TCP and TLS connection set-up.'),
  HUB_CONCURRENCY: count(64, 'Outbound requests (verification, delivery, denial) in flight at once, all hosts together.'),
  HUB_HOST_CONCURRENCY: count(4, 'Outbound requests in flight at once to one callback host.'),
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: count(100, 'Active subscriptions allowed per callback host name.'),
  HUB_MAX_SUBSCRIPTIONS_PER_TOPIC: count(50_000, 'Active subscriptions allowed per topic.'),
  HUB_MAX_PENDING_VERIFICATIONS: count(1_000, 'Subscribe/unsubscribe requests waiting for verification; more are answered 503.'),
  HUB_SUBSCRIBE_RATE: count(30, 'Subscribe/unsubscribe requests per minute per client address (token bucket, bursts up to the same number).'),
  HUB_CLAIM_TIMEOUT: duration(
    '60s',
    'How long a claimed notification or verification stays reserved for the process that claimed it; a live process renews its claims, so this is how soon the work of a process that died is taken over.',
  ),
  HUB_POLL_INTERVAL: duration(
    '5s',
    'Longest time between two looks at the queues when no wake-up came (fallback for missed NOTIFYs and expired claims).',
  ),
  HUB_CA_FILE: z
    .string()
    .default('')
    .describe('PEM file of extra CA certificates trusted for callbacks, added to the system store and NODE_EXTRA_CA_CERTS.'),
  HUB_SWEEP_CRON: cronExpression(
    '*/5 * * * *',
    'node-cron schedule of the sweep that deletes subscriptions whose lease ran out; "off" disables it (expired leases get no deliveries either way).',
  ),
};

export const HubConfigSchema = z.object(HubConfigShape);
export type HubConfig = z.infer<typeof HubConfigSchema>;
