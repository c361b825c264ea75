/**
 * Issue 5 — nightly rebuild: REBUILD_CRON makes the sidecar run `node scripts/build.ts` in a child
 * process; its dist/ watcher swaps the new build in and the hub publishes what changed.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HttpsSubscriber } from '../helpers/https-subscriber.ts';
import { startHubTestBed, type HubTestBed, type HubWorkspace } from '../helpers/hub-test-bed.ts';
import type { HubSidecar } from '../helpers/hub-sidecar.ts';
import { addReview } from '../helpers/hub-workspace.ts';
import { onHubSidecar, subscribeAndWait } from '../helpers/subscribe-and-wait.ts';
import { silentLogger } from '../../sidecar/logger.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
let sub: HttpsSubscriber;
let sidecar: HubSidecar;
let ws: HubWorkspace;
const rebuilds: string[] = [];

let bed: HubTestBed | undefined;
beforeAll(async () => {
  bed = await startHubTestBed(inject('distDir'), {
    logger: { ...silentLogger, info: (event) => void (event.startsWith('rebuild_') && rebuilds.push(event)) },
    // node-cron's optional seconds field: every 2 s, so a run comes soon after start (skipped: the inputs are
    // unchanged) and soon after the new review; runs that fall due while the build is still going are skipped
    // (noOverlap in rebuild-schedule.ts). CONTENT_DIR is relative to the project, as in production.
    env: (own) => ({ REBUILD_CRON: '*/2 * * * * *', CONTENT_DIR: relative(ROOT, own.contentDir), BASE_URL: inject('baseUrl') }),
  });
  ({ sub, ws, sidecar } = bed);
});
afterAll(() => bed?.close());

describe('REBUILD_CRON', () => {
  it('rebuilds from content/ on schedule and publishes the changed feed', async () => {
    await subscribeAndWait({ ...onHubSidecar(sidecar), sub, paths: '/nightly', topic: `${sidecar.baseUrl}/feed.xml` });
    // The workspace's dist/ is a copy of a build of the same content: a scheduled run has nothing to do.
    await sub.waitFor(() => rebuilds.includes('rebuild_skipped'), 'a scheduled run with unchanged inputs to be skipped', 10_000);
    expect(rebuilds).not.toContain('rebuild_finished');
    expect(sub.notificationsFor('/nightly')).toEqual([]);
    const id = await addReview(ws.contentDir);
    await sub.waitFor(() => sub.notificationsFor('/nightly').length >= 1, 'the scheduled rebuild to publish', 40_000);
    const body = sub.notificationsFor('/nightly')[0]!.body;
    expect(body.toString('utf8')).toContain(id);
    expect(body.equals(readFileSync(join(ws.distDir, 'feed.xml')))).toBe(true);
    // The watcher may publish the swapped-in build before the build's process has exited and the task logged it.
    await sub.waitFor(() => rebuilds.includes('rebuild_finished'), 'the scheduled build to be logged as finished');
  }, 60_000);
});
