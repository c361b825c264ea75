/**
 * The real sidecar with its WebSub hub, in this process (composed by composeSidecar like `npm start`),
 * with the hub's test seams: a DNS resolver, a wall clock, loopback callbacks allowed, fast retries.
 * HUB_LOG=1 prints the sidecar's log lines to stderr.
 */
import type { HostResolver } from '../../sidecar/hub/outbound/pinned-connector.ts';
import { createLogger, silentLogger, type Logger } from '../../sidecar/logger.ts';
import { startSidecar, type TestSidecar } from './start-server.ts';

export interface HubSidecar {
  /** Where the sidecar listens (http://127.0.0.1:port). */
  url: string;
  /** The public origin the build and the hub use for topic URLs (BASE_URL). */
  baseUrl: string;
  distDir: string;
  dbPath: string;
  hub: TestSidecar['hub'];
  /** The PULL_CRON loop, when the env schedules it. */
  pullLoop: TestSidecar['pullLoop'];
  /** Looks for a new build now (the watcher also polls every 100 ms). */
  checkDist(): Promise<boolean>;
  /** POSTs a form to the hub; returns status, headers and body text. */
  post(
    fields: Record<string, string> | [string, string][],
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: string; headers: Headers }>;
  close(): Promise<void>;
}

export interface HubSidecarOptions {
  distDir: string;
  dbPath: string;
  /** Extra environment for sidecar/config.ts (HUB_* …). */
  env?: Record<string, string>;
  resolve?: HostResolver;
  clock?: () => number;
  /** The sidecar's logger (default: silent, or stderr with HUB_LOG=1). */
  logger?: Logger;
  /** Extra environment of the PULL_CRON child (fake credentials). */
  pullEnv?: Record<string, string>;
}

/** Test defaults: loopback callbacks allowed, fast retries, generous rate limits, quiet logs. */
export const HUB_TEST_ENV: Record<string, string> = {
  MCP_SESSION_REVOCATION_DB: 'memory',
  HUB_ALLOW_PRIVATE_CALLBACKS: '127.0.0.0/8,::1/128',
  HUB_RETRY_DELAYS: '100ms,200ms,400ms',
  HUB_RETRY_JITTER: '0',
  HUB_VERIFY_TIMEOUT: '1500ms',
  HUB_DELIVERY_TIMEOUT: '1500ms',
  HUB_CONNECT_TIMEOUT: '1s',
  HUB_SUBSCRIBE_RATE: '100000',
  HUB_MAX_SUBSCRIPTIONS_PER_HOST: '1000',
  BUILD_ON_START: 'never',
  WATCH_INTERVAL_MS: '100',
  LOG_REQUESTS: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
};

/** Starts the sidecar with the hub (and the dist watcher polling every 100 ms). */
export async function startHubSidecar(options: HubSidecarOptions): Promise<HubSidecar> {
  const logger = options.logger ?? (process.env.HUB_LOG ? createLogger((l) => process.stderr.write(`${l}\n`)) : silentLogger);
  const sidecar = await startSidecar({
    distDir: options.distDir,
    env: { ...HUB_TEST_ENV, HUB_DB_PATH: options.dbPath, ...options.env },
    logger,
    ...(options.pullEnv && { pullEnv: options.pullEnv }),
    hub: { ...(options.resolve && { resolve: options.resolve }), ...(options.clock && { clock: options.clock }) },
  });
  const hubUrl = `${sidecar.url}/api/websub/hub`;
  return {
    url: sidecar.url,
    baseUrl: sidecar.config.BASE_URL,
    distDir: options.distDir,
    dbPath: options.dbPath,
    hub: sidecar.hub,
    pullLoop: sidecar.pullLoop,
    checkDist: () => sidecar.watcher!.check(),
    async post(fields, headers = {}) {
      const res = await fetch(hubUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: res.status, body: await res.text(), headers: res.headers };
    },
    close: () => sidecar.close(),
  };
}
