/**
 * Issue 25 — live Trustpilot pull against a local server implementing `GET /v1/business-units/{id}/reviews`:
 * pagination through `links` rel "next-page", incremental stop, the API key in a header (never the URL),
 * retries and refusals, and the file importer's mapping (platform-verified reviews).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PullSource } from '../../scripts/lib/run-pull.ts';
import { snapshotFolder } from '../helpers/content-snapshot.ts';
import { startFakeTrustpilot, trustpilotReview, type FakeTrustpilot } from '../helpers/fake-providers.ts';
import { failure, PULL_TODAY, usePullWorkspace } from '../helpers/pull-workspace.ts';

const UNIT = '507f191e810c19729de860ea';
const source: PullSource = { kind: 'trustpilot', businessUnitId: UNIT };
let tp: FakeTrustpilot;

function reviews(n: number, prefix: string, end = Date.parse('2026-09-30T12:00:00Z')) {
  return Array.from({ length: n }, (_, i) =>
    trustpilotReview(`${prefix}${String(i).padStart(4, '0')}`, new Date(end - i * 3_600_000).toISOString(), { isVerified: i % 2 === 0 }),
  );
}

const settings = () => ({
  TRUSTPILOT_API_KEY: tp.apiKey,
  TRUSTPILOT_API_BASE_URL: tp.url,
  PULL_RETRY_BASE_MS: '500',
});

const pulls = usePullWorkspace(source, {
  start: async () => (tp = await startFakeTrustpilot()),
  key: UNIT,
  seed: () => reviews(230, 't'),
  settings,
});

describe('npm run import -- trustpilot (live)', () => {
  it('follows next-page links across 3 pages with the key in a header, then stops at the watermark', async () => {
    expect(await pulls.pull()).toMatchObject({ new: 230, pages: 3, error: null });
    expect(tp.listRequests().map((r) => [r.query.get('page'), r.query.get('perPage'), r.query.get('orderBy')])).toEqual([
      ['1', '100', 'createdat.desc'],
      ['2', '100', 'createdat.desc'],
      ['3', '100', 'createdat.desc'],
    ]);
    for (const r of tp.listRequests()) {
      expect(r.headers.apikey).toBe(tp.apiKey);
      expect(r.query.has('apikey')).toBe(false);
    }
    // The file importer's mapping: Trustpilot-verified reviews are platform-verified.
    const text = readFileSync(join(pulls.ws.contentDir, 'reviews', '2026.jsonl'), 'utf8');
    expect(text).toContain('"method":"platform-verified"');
    const after = snapshotFolder(pulls.ws.contentDir);
    tp.requests.length = 0;
    tp.reviews.get(UNIT)!.push(...reviews(3, 'n', Date.parse('2026-10-01T08:00:00Z')));
    expect(await pulls.pull()).toMatchObject({ new: 3, pages: 1 });
    expect(tp.listRequests()).toHaveLength(1);
    tp.requests.length = 0;
    const settled = snapshotFolder(pulls.ws.contentDir);
    expect(settled).not.toEqual(after);
    expect(await pulls.pull()).toMatchObject({ new: 0, pages: 1 });
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(settled);
  });

  it('an old review edited is missed by the nightly incremental pulls, and read by the full pull a week later, by itself', async () => {
    expect(await pulls.pull()).toMatchObject({ new: 230, full: true }); // the first pull reads everything
    const state = () => JSON.parse(readFileSync(join(pulls.ws.contentDir, 'pull-state.json'), 'utf8')) as { sources: Record<string, unknown> };
    expect(state().sources[`trustpilot:${UNIT}`]).toMatchObject({ fullOn: PULL_TODAY });
    // Trustpilot lists by creation: an edit of a review on page 3 is below the watermark.
    const old = tp.reviews.get(UNIT)!.find((r) => r.id === 't0200')!;
    Object.assign(old, { text: 'Edited: the gutters leaked after all.', stars: 2, updatedAt: '2026-10-03T05:00:00Z' });
    expect(await pulls.pull({ today: '2026-10-08' })).toMatchObject({ updated: 0, pages: 1, full: false });
    const weekLater = await pulls.pull({ today: '2026-10-09' });
    expect(weekLater).toMatchObject({ updated: 1, pages: 3, full: true });
    expect(readFileSync(join(pulls.ws.contentDir, 'reviews', '2026.jsonl'), 'utf8')).toContain('Edited: the gutters leaked after all.');
    expect(state().sources[`trustpilot:${UNIT}`]).toMatchObject({ fullOn: '2026-10-09' });
    expect(await pulls.pull({ today: '2026-10-10' })).toMatchObject({ pages: 1, full: false });
  });

  it('stops at once when a page repeats an earlier one (a provider that ignores page), writing nothing', async () => {
    // Before: 10,000 requests, every night, then "more than 10000 pages".
    tp.stickToFirstPage(true);
    try {
      const before = snapshotFolder(pulls.ws.contentDir);
      const e = await failure(pulls.pull());
      expect(e.message).toMatch(/page 2: the same reviews came back as an earlier page; nothing was written/);
      expect(tp.listRequests()).toHaveLength(2);
      expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
    } finally {
      tp.stickToFirstPage(false);
    }
  });

  it('takes a page of reviews already read (pushed down by new ones while a deleted one shortened the list) as the listing goes on', async () => {
    // From the review of the repeated-page check: page 2 held only review 100 again, and the whole pull failed.
    tp.reviews.set(UNIT, reviews(101, 't'));
    const list = () => tp.reviews.get(UNIT)!;
    let served = 0;
    const shifting: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).includes('/reviews') && ++served === 1) {
        list().splice(list().length - 1, 1); // the oldest review, not yet read, is deleted
        list().unshift(trustpilotReview('fresh', '2026-10-01T09:00:00Z')); // and a new one is written
      }
      return res;
    };
    expect(await pulls.pull({ fetch: shifting })).toMatchObject({ new: 100, pages: 2, error: null });
    expect(await pulls.pull()).toMatchObject({ new: 1, pages: 1 }); // the new one, the next time
  });

  it('refuses an answer larger than any page can be, without reading it all, and writes nothing', async () => {
    // Before: a 900 MB answer was read whole (2.8 GB of memory), then again on every retry.
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const huge = (async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            sent += chunk.byteLength;
            controller.enqueue(chunk);
            if (sent > 200 * chunk.byteLength) controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )) as typeof fetch;
    const before = snapshotFolder(pulls.ws.contentDir);
    const e = await failure(pulls.pull({ fetch: huge }));
    expect(e.message).toMatch(/page 1: the answer is larger than 32 MB, far more than a page; nothing was written/);
    expect(sent).toBeLessThan(40 * chunk.byteLength); // stopped soon after the bound, not at the end
    expect(pulls.sleeps).toEqual([]); // not retried
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
  });

  it('retries 429 (Retry-After) and 5xx; gives up with a clear message and writes nothing', async () => {
    tp.failNext({ status: 429, retryAfter: '3' }, { status: 502 });
    expect(await pulls.pull()).toMatchObject({ new: 230 });
    expect(pulls.sleeps).toEqual([3000, 1000]);
    const before = snapshotFolder(pulls.ws.contentDir);
    tp.failPage(1, { status: 500 });
    const e = await failure(pulls.pull({ full: true }));
    tp.failPage(1, null);
    expect(e.message).toMatch(/page 1: gave up after 3 tries, last: HTTP 500/);
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
  });

  it('a refused key, an unknown business unit and a malformed page are clear errors; no key in any message', async () => {
    const refused = await failure(pulls.pull({ env: pulls.env({ TRUSTPILOT_API_KEY: 'not-the-key-1234' }) }));
    expect(refused.message).toMatch(/refused TRUSTPILOT_API_KEY \(401\)/);
    expect(refused.message).not.toContain('not-the-key-1234');
    tp.reviews.delete(UNIT);
    expect((await failure(pulls.pull())).message).toMatch(/no such business unit \(404\)/);
    tp.reviews.set(UNIT, reviews(230, 't'));
    const before = snapshotFolder(pulls.ws.contentDir);
    tp.failPage(2, { malformed: '{"reviews": [{"id": 1}]}' });
    const bad = await failure(pulls.pull());
    tp.failPage(2, null);
    expect(bad.message).toMatch(/page 2: not a reviews answer/);
    expect(snapshotFolder(pulls.ws.contentDir)).toEqual(before);
    for (const text of [refused.message, bad.message, ...pulls.logs]) expect(text).not.toContain(tp.apiKey);
  });
});
