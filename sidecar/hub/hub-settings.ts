import { parseCidrList, type Cidr } from '../../core/hub/cidr.ts';
import type { LeasePolicy } from '../../core/hub/lease.ts';
import { parseDuration, parseDurationList } from '../../core/hub/parse-duration.ts';
import { TOPIC_PATHS } from '../../core/model/published-paths.ts';
import type { HubConfig } from './hub-config.ts';

/** The hub's settings in working units (milliseconds, seconds for leases, parsed CIDRs). */
export interface HubSettings {
  baseUrl: string;
  /** Topic URL → topic path, in TOPIC_PATHS order. */
  topics: ReadonlyMap<string, string>;
  retryDelaysMs: number[];
  retryJitter: number;
  allow: Cidr[];
  publishToken: string;
  lease: LeasePolicy;
  verifyTimeoutMs: number;
  deliveryTimeoutMs: number;
  connectTimeoutMs: number;
  concurrency: number;
  hostConcurrency: number;
  maxPerHost: number;
  maxPerTopic: number;
  maxPendingVerifications: number;
  subscribeRatePerMinute: number;
  caFile: string;
  claimTimeoutMs: number;
  pollIntervalMs: number;
  /** node-cron expressions; '' = off. */
  sweepCron: string;
}

const ms = (text: string) => parseDuration(text)!;
const cronOrOff = (text: string) => (text.trim() === 'off' ? '' : text.trim());

/**
 * The hub's keys of the sidecar config (validated once by sidecar/config.ts) in working units.
 * Throws when the lease bounds contradict each other.
 */
export function resolveHubSettings(c: HubConfig & { BASE_URL: string }): HubSettings {
  const lease: LeasePolicy = {
    defaultSeconds: Math.round(ms(c.HUB_LEASE_DEFAULT) / 1000),
    minSeconds: Math.round(ms(c.HUB_LEASE_MIN) / 1000),
    maxSeconds: Math.round(ms(c.HUB_LEASE_MAX) / 1000),
  };
  if (lease.minSeconds > lease.maxSeconds) throw new Error('HUB_LEASE_MIN must not exceed HUB_LEASE_MAX');
  return {
    baseUrl: c.BASE_URL,
    topics: new Map(TOPIC_PATHS.map((p) => [`${c.BASE_URL}${p}`, p])),
    retryDelaysMs: parseDurationList(c.HUB_RETRY_DELAYS)!,
    retryJitter: c.HUB_RETRY_JITTER,
    allow: parseCidrList(c.HUB_ALLOW_PRIVATE_CALLBACKS).cidrs,
    publishToken: c.HUB_PUBLISH_TOKEN,
    lease,
    verifyTimeoutMs: ms(c.HUB_VERIFY_TIMEOUT),
    deliveryTimeoutMs: ms(c.HUB_DELIVERY_TIMEOUT),
    connectTimeoutMs: ms(c.HUB_CONNECT_TIMEOUT),
    concurrency: c.HUB_CONCURRENCY,
    hostConcurrency: c.HUB_HOST_CONCURRENCY,
    maxPerHost: c.HUB_MAX_SUBSCRIPTIONS_PER_HOST,
    maxPerTopic: c.HUB_MAX_SUBSCRIPTIONS_PER_TOPIC,
    maxPendingVerifications: c.HUB_MAX_PENDING_VERIFICATIONS,
    subscribeRatePerMinute: c.HUB_SUBSCRIBE_RATE,
    caFile: c.HUB_CA_FILE,
    claimTimeoutMs: ms(c.HUB_CLAIM_TIMEOUT),
    pollIntervalMs: ms(c.HUB_POLL_INTERVAL),
    sweepCron: cronOrOff(c.HUB_SWEEP_CRON),
  };
}
