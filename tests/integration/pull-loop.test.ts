/**
 * Issue 25 — the whole loop with nobody at the keyboard: a (fake, loopback) Google location gains two
 * reviews → the sidecar's PULL_CRON pull imports them → verification matches one to a job → the build
 * publishes it → an HTTPS WebSub subscriber receives the new feed exactly once. A run with nothing new
 * changes no byte of content/ or dist/ and notifies nobody; /healthz shows the pulls, never a secret.
 */
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../sidecar/logger.ts';
import { snapshotFolder } from '../helpers/content-snapshot.ts';
import { googleReview, startFakeGoogle, type FakeGoogle } from '../helpers/fake-providers.ts';
import type { HttpsSubscriber } from '../helpers/https-subscriber.ts';
import { hubSettled } from '../helpers/hub-settled.ts';
import type { HubSidecar } from '../helpers/hub-sidecar.ts';
import { startHubTestBed, type HubTestBed, type HubWorkspace } from '../helpers/hub-test-bed.ts';
import { onHubSidecar, subscribeAndWait } from '../helpers/subscribe-and-wait.ts';
import { waitUntil } from '../helpers/wait-for.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const LOCATION = 'accounts/1029384756/locations/5647382910';
/** How long the loop may take for its runs (a pull, a verify and a build each). */
const RUNS_TIMEOUT_MS = 90_000;
let bed: HubTestBed | undefined;
let sub: HttpsSubscriber;
let google: FakeGoogle;
let sidecar: HubSidecar;
let ws: HubWorkspace;
const logLines: string[] = [];

/** Waits until the loop has finished `n` more runs after `since` (its lastRunAt changed and it is idle). */
async function runsFinished(since: string | null, n = 1): Promise<void> {
  const seen = new Set<string>();
  await waitUntil(
    () => {
      const h = sidecar.pullLoop!.health();
      if (!h.running && h.lastRunAt && h.lastRunAt !== since && h.lastOutcome) seen.add(h.lastRunAt);
      return seen.size >= n;
    },
    { what: `${n} pull run(s)`, timeoutMs: RUNS_TIMEOUT_MS },
    () => sidecar.pullLoop!.health(),
  );
}

beforeAll(async () => {
  google = await startFakeGoogle();
  google.reviews.set(LOCATION, []);
  bed = await startHubTestBed(inject('distDir'), {
    prepare(w) {
      const businessPath = join(w.contentDir, 'business.json');
      const business = JSON.parse(readFileSync(businessPath, 'utf8')) as Record<string, unknown>;
      writeFileSync(businessPath, `${JSON.stringify({ ...business, pull: { google: { locations: [LOCATION] } } }, null, 2)}\n`);
      // The jobs file lives outside the content folder (it names customers in full).
      writeFileSync(
        join(w.dir, 'jobs.csv'),
        'job_id,customer_name,town,completed_on,technicians,services\nJOB-LOOP-1,Dana Whitfield,Loveland,2026-11-18,Marco,roof-repair\n',
      );
    },
    logger: createLogger((l) => void logLines.push(l)),
    // Credentials reach the pull child only (as .env does in production); the sidecar's config never holds them.
    pullEnv: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_REFRESH_TOKEN: google.refreshToken },
    env: (w) => ({
      PULL_CRON: '*/2 * * * * *',
      CONTENT_DIR: relative(ROOT, w.contentDir),
      JOBS_CSV: join(w.dir, 'jobs.csv'),
      GOOGLE_API_BASE_URL: google.apiBaseUrl,
      GOOGLE_TOKEN_URL: google.tokenUrl,
      BASE_URL: inject('baseUrl'),
    }),
  });
  ({ sub, sidecar, ws } = bed);
});
afterAll(async () => {
  await bed?.close();
  await google?.close();
});

describe('PULL_CRON: pull → verify → build → publish', () => {
  it('delivers a new verified Google review to a WebSub subscriber exactly once, and a quiet run changes nothing', async () => {
    // First run: nothing at Google yet; business.json gained its "pull" section, so the build runs once.
    await runsFinished(null);
    await subscribeAndWait({ ...onHubSidecar(sidecar), sub, paths: '/loop', topic: `${sidecar.baseUrl}/feed.xml` });
    await runsFinished(sidecar.pullLoop!.health().lastRunAt);
    expect(sub.notificationsFor('/loop')).toEqual([]);

    // Two reviews arrive at Google: one from the customer of JOB-LOOP-1, one from nobody on record.
    google.reviews.get(LOCATION)!.push(
      googleReview(LOCATION, 'loop-dana', '2026-11-24T16:05:11.482913Z', {
        reviewer: { displayName: 'Dana Whitfield' },
        comment: 'Marco fixed the leak around our chimney in one afternoon. Loop test review.',
      }),
      googleReview(LOCATION, 'loop-zed', '2026-11-24T18:30:00.1Z', {
        reviewer: { displayName: 'Zed Quorra' },
        comment: 'Unknown customer loop review.',
        stars: 2,
      }),
    );
    await sub.waitFor(() => sub.notificationsFor('/loop').length >= 1, 'the loop to publish the new feed', 120_000);
    const feed = sub.notificationsFor('/loop')[0]!.body.toString('utf8');
    expect(feed).toContain('Loop test review');
    expect(feed).not.toContain('Unknown customer loop review');
    expect(sub.notificationsFor('/loop')[0]!.body.equals(readFileSync(join(ws.distDir, 'feed.xml')))).toBe(true);
    const reviews = readFileSync(join(ws.contentDir, 'reviews', '2026.jsonl'), 'utf8');
    expect(reviews).toMatch(
      /"author":"Dana W\.".*"verification":\{"status":"verified","method":"job-match","verifiedOn":"[\d-]+","reference":"JOB-LOOP-1"\}/,
    );
    expect(reviews).toMatch(/"author":"Zed Q\.".*"verification":\{"status":"unverified"/);

    // Quiet runs: no byte of content/ or dist/ changes, nobody is notified again.
    await runsFinished(sidecar.pullLoop!.health().lastRunAt);
    const content = snapshotFolder(ws.contentDir);
    const dist = snapshotFolder(realpathSync(ws.distDir));
    const distTarget = realpathSync(ws.distDir);
    await runsFinished(sidecar.pullLoop!.health().lastRunAt, 2);
    expect(snapshotFolder(ws.contentDir)).toEqual(content);
    expect(realpathSync(ws.distDir)).toBe(distTarget);
    expect(snapshotFolder(realpathSync(ws.distDir))).toEqual(dist);
    await hubSettled(sidecar); // the quiet runs' builds are published and nothing is queued: nobody can still be notified
    expect(sub.notificationsFor('/loop')).toHaveLength(1);

    // /healthz: the last pull of the source, without a secret.
    const res = await fetch(`${sidecar.url}/healthz`);
    const text = await res.text();
    const health = JSON.parse(text) as {
      pull: { sources: Record<string, { new: number; lastError: string | null; lastPullAt: string }>; lastOutcome: string };
    };
    expect(health.pull.lastOutcome).toBe('unchanged');
    expect(health.pull.sources[`google:${LOCATION}`]).toMatchObject({ new: 0, updated: 0, lastError: null });
    const tokens = google.requests.map((r) => String(r.headers.authorization ?? '').replace('Bearer ', '')).filter(Boolean);
    for (const secret of [google.clientSecret, google.refreshToken, ...tokens]) {
      expect(text).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
      for (const body of [...content.values(), ...dist.values()]) expect(Buffer.from(body, 'base64').toString('latin1')).not.toContain(secret);
    }
    expect(logLines.some((l) => l.includes('"pull_source"') && l.includes('"new":2'))).toBe(true);
  }, 240_000);
});
