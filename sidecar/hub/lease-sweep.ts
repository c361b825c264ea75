import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../logger.ts';
import type { HubStore } from '../storage/hub-store.ts';

/**
 * Removes subscriptions whose lease ran out, on the HUB_SWEEP_CRON schedule (none when it is empty). Deliveries
 * already skip expired leases; the sweep keeps the table from growing with them.
 */
export function scheduleLeaseSweep(store: HubStore, cronExpression: string, now: () => number, logger: Logger): ScheduledTask | null {
  if (cronExpression === '') return null;
  return cron.schedule(
    cronExpression,
    async () => {
      const n = await store.subscriptionRemoveExpired(now());
      if (n > 0) logger.info('hub.leases_expired', { count: n });
    },
    { name: 'shingle-hub-sweep', noOverlap: true },
  );
}
