/** Issue 25 — the sidecar's pull loop: steps in order, failures stop before the build, no overlap, no secrets. */
import { describe, expect, it } from 'vitest';
import type { PullRunReport } from '../../../../core/import/pull/pull-report.ts';
import { createPullLoop, HELD_TOO_LONG_MS, type PullLoopDeps } from '../../../../sidecar/pull/pull-loop.ts';
import { ContentBusyError } from '../../../../sidecar/pull/run-pull-child.ts';

const SECRET = 'GOCSPX-very-secret-value';

function loop(
  reports: PullRunReport | Error | (PullRunReport | Error)[],
  opts: { rebuild?: () => Promise<'built' | 'unchanged'>; clock?: () => number } = {},
) {
  const queue = Array.isArray(reports) ? [...reports] : [reports];
  let report = queue[0]!;
  const calls: string[] = [];
  const lines: string[] = [];
  const log = (level: string) => (event: string, fields: Record<string, unknown>) => void lines.push(`${level} ${event} ${JSON.stringify(fields)}`);
  const deps: PullLoopDeps = {
    schedule: '*/5 * * * *',
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    pull: async () => {
      calls.push('pull');
      report = queue.length > 1 ? queue.shift()! : queue[0]!;
      if (report instanceof Error) throw report;
      return report;
    },
    rebuild:
      opts.rebuild ??
      (async () => {
        calls.push('rebuild');
        return report instanceof Error || !report.changed ? 'unchanged' : 'built';
      }),
    publish: async () => void calls.push('publish'),
    wallClock: opts.clock ?? (() => Date.parse('2026-11-25T10:00:00Z')),
    secrets: [SECRET],
  };
  return { loop: createPullLoop(deps), calls, lines };
}

const source = (fields: Partial<PullRunReport['sources'][number]> = {}) => ({
  source: 'google:accounts/1/locations/2',
  new: 2,
  updated: 0,
  unchanged: 5,
  pages: 1,
  full: false,
  error: null,
  ...fields,
});

describe('createPullLoop', () => {
  it('pulls, builds when content changed, then publishes; /healthz shows the source', async () => {
    const { loop: l, calls } = loop({ sources: [source()], verify: { matched: 1, queued: 0, unmatched: 1, error: null }, changed: true });
    expect(await l.run()).toBe('built');
    expect(calls).toEqual(['pull', 'rebuild', 'publish']);
    expect(l.health()).toMatchObject({
      running: false,
      lastOutcome: 'built',
      lastError: null,
      sources: { 'google:accounts/1/locations/2': { lastPullAt: '2026-11-25T10:00:00.000Z', new: 2, updated: 0, lastError: null } },
    });
  });

  it('a content folder another command holds skips the run, as a warning: nothing failed, the next run does it', async () => {
    const busy = new ContentBusyError('another command is changing /srv/content (a pull, import, verify or moderate: pid 42)');
    const { loop: l, calls, lines } = loop([busy, { sources: [source()], verify: null, changed: true }]);
    expect(await l.run()).toBe('skipped');
    expect(calls).toEqual(['pull']);
    expect(lines).toEqual([
      'info pull_started {}',
      `warn pull_skipped ${JSON.stringify({ reason: 'another command is changing the content folder', detail: busy.message })}`,
    ]);
    expect(l.health()).toMatchObject({ lastOutcome: null, lastRunAt: null }); // not "failed": no alert for a hand-run import
    expect(await l.run()).toBe('built');
  });

  it('a folder held at every run for hours fails the run (a hung command: monitoring must see it), and the count starts again once it is free', async () => {
    const busy = new ContentBusyError('another command is changing /srv/content (a pull, import, verify or moderate: pid 42)');
    const free = { sources: [source()], verify: null, changed: true };
    let now = Date.parse('2026-11-25T02:00:00Z');
    const hours = (h: number) => (now += h * 3600 * 1000);
    const { loop: l, lines } = loop([busy, busy, busy, free, busy, busy], { clock: () => now });
    expect(await l.run()).toBe('skipped'); // 02:00, first found held
    hours(HELD_TOO_LONG_MS / 3600 / 1000 - 1);
    expect(await l.run()).toBe('skipped'); // an hour short
    hours(1);
    expect(await l.run()).toBe('failed');
    expect(l.health()).toMatchObject({
      lastOutcome: 'failed',
      lastError: expect.stringMatching(/^lock: .* since 2026-11-25T02:00:00\.000Z: .*pid 42/),
    });
    expect(lines.filter((x) => x.startsWith('error pull_failed'))).toHaveLength(1);
    hours(1);
    expect(await l.run()).toBe('built'); // free again
    hours(1);
    expect(await l.run()).toBe('skipped'); // held again: a new count, a warning
    hours(HELD_TOO_LONG_MS / 3600 / 1000 - 1);
    expect(await l.run()).toBe('skipped');
  });

  it('nothing new: no publish', async () => {
    const { loop: l, calls } = loop({ sources: [source({ new: 0 })], verify: null, changed: false });
    expect(await l.run()).toBe('unchanged');
    expect(calls).toEqual(['pull', 'rebuild']);
  });

  it('a failed verification or pull ends the run before the build, logged with its reason and no secret', async () => {
    const v = loop({ sources: [source()], verify: { matched: 0, queued: 0, unmatched: 0, error: `jobs.csv:3 bad date ${SECRET}` }, changed: true });
    expect(await v.loop.run()).toBe('failed');
    expect(v.calls).toEqual(['pull']);
    expect(v.loop.health().lastError).toBe('verify: jobs.csv:3 bad date ***');
    const p = loop(new Error(`pull failed (exit code 1): token ${SECRET} refused`));
    expect(await p.loop.run()).toBe('failed');
    expect(p.calls).toEqual(['pull']);
    expect(p.lines.some((l) => l.startsWith('error pull_failed') && l.includes('"step":"pull"'))).toBe(true);
    for (const text of [...v.lines, ...p.lines, JSON.stringify(v.loop.health()), JSON.stringify(p.loop.health())]) expect(text).not.toContain(SECRET);
  });

  it('a failed source is reported, keeps its last success, and does not stop the others being built', async () => {
    const { loop: l, calls } = loop([
      { sources: [source()], verify: null, changed: true },
      {
        sources: [source({ error: `gave up after 5 tries ${SECRET}`, new: 0 }), source({ source: 'trustpilot:abc', new: 1 })],
        verify: null,
        changed: true,
      },
    ]);
    expect(await l.run()).toBe('built');
    expect(await l.run()).toBe('built');
    expect(calls).toEqual(['pull', 'rebuild', 'publish', 'pull', 'rebuild', 'publish']);
    const health = l.health();
    expect(health.sources['google:accounts/1/locations/2']).toMatchObject({
      lastError: 'gave up after 5 tries ***',
      lastSuccessAt: '2026-11-25T10:00:00.000Z',
    });
    expect(health.sources['trustpilot:abc']).toMatchObject({ new: 1, lastError: null });
    expect(health.lastError).toBe('google:accounts/1/locations/2: gave up after 5 tries ***');
  });

  it('a failed build leaves the served build alone (nothing published)', async () => {
    const { loop: l, calls } = loop(
      { sources: [source()], verify: null, changed: true },
      {
        rebuild: async () => {
          throw new Error('build failed (exit code 1): content/reviews/2026.jsonl:3 rating');
        },
      },
    );
    expect(await l.run()).toBe('failed');
    expect(calls).toEqual(['pull']);
    expect(l.health().lastError).toMatch(/^build: build failed/);
  });

  it('never runs twice at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { loop: l } = loop({ sources: [], verify: null, changed: false }, { rebuild: async () => (await gate, 'unchanged') });
    const first = l.run();
    expect(await l.run()).toBe('skipped');
    expect(l.health().running).toBe(true);
    release();
    expect(await first).toBe('unchanged');
    expect(l.health().running).toBe(false);
  });
});
