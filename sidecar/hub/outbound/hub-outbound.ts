import { HUB_PATH } from '../../../core/model/published-paths.ts';
import type { HubSettings } from '../hub-settings.ts';
import { sendDenial } from '../verify/verify-intent.ts';
import { createConcurrencyLimiter, type ConcurrencyLimiter } from './concurrency-limiter.ts';
import { createOutboundClient, type OutboundClient } from './outbound-client.ts';
import { systemResolver, type HostResolver } from './pinned-connector.ts';

/** Everything the hub sends to callbacks goes through this: one SSRF-safe client, one per-host limiter, one stop switch. */
export interface HubOutbound {
  client: OutboundClient;
  limiter: ConcurrencyLimiter;
  /** Aborted when the hub must stop now: requests in flight are cut. */
  hardStop: AbortSignal;
  /** Sends `hub.mode=denied` to a callback in the background (WebSub §5.2): nobody waits for it but close(). */
  deny(callback: string, topic: string, reason: string): void;
  /**
   * Stops: runs `drain` (the workers' stop), cutting requests still in flight after `graceMs` (cut ones
   * are released, not counted as failures), then waits for the background ones and closes the client.
   */
  close(graceMs: number, drain: () => Promise<void>): Promise<void>;
}

/** The hub's outbound side, from its settings (and a resolver seam for tests). */
export function createHubOutbound(settings: HubSettings, resolve: HostResolver = systemResolver): HubOutbound {
  const client = createOutboundClient({
    resolve,
    allow: settings.allow,
    connectTimeoutMs: settings.connectTimeoutMs,
    connectionsPerOrigin: settings.hostConcurrency,
    caFile: settings.caFile || undefined,
    userAgent: `Shingle-WebSub-Hub/1.0 (+${settings.baseUrl}${HUB_PATH})`,
  });
  const limiter = createConcurrencyLimiter(settings.concurrency, settings.hostConcurrency);
  const stop = new AbortController();
  const background = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    const q = p.catch(() => undefined).finally(() => background.delete(q));
    background.add(q);
  };
  return {
    client,
    limiter,
    hardStop: stop.signal,
    deny(callback, topic, reason) {
      const send = () => sendDenial(client, callback, topic, reason, settings.verifyTimeoutMs, stop.signal);
      track(limiter.run(new URL(callback).hostname, send, stop.signal));
    },
    async close(graceMs, drain) {
      const grace = setTimeout(() => stop.abort(new Error('hub closing')), graceMs);
      await drain();
      await Promise.all(background);
      clearTimeout(grace);
      await client.close();
    },
  };
}
