/** Issue 25 — the one progress helper: a bar on a terminal, a line every few seconds otherwise, nothing with --quiet. */
import { describe, expect, it } from 'vitest';
import { createProgress, PROGRESS_LINE_INTERVAL_MS } from '../../../../scripts/lib/progress.ts';

function fakeStream(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { isTTY, write: (t: string) => void out.push(t) } };
}

describe('createProgress', () => {
  it('prints a line every few seconds off a terminal, and a last line when it printed any', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const p = createProgress({ stream, now: () => now });
    p.start(100, 'importing');
    for (let i = 0; i < 100; i++) {
      now += 200; // 20 s in all
      p.tick();
    }
    p.done();
    expect(out.length).toBe(20_000 / PROGRESS_LINE_INTERVAL_MS + 1);
    expect(out[0]).toBe('importing 25/100 (25 %)\n');
    expect(out.at(-1)).toBe('importing 100/100 (100 %) done\n');
  });

  it('says nothing off a terminal about work shorter than one interval', () => {
    const { out, stream } = fakeStream(false);
    const p = createProgress({ stream, now: () => 0 });
    p.start(3, 'quick');
    p.tick(3);
    p.done();
    expect(out).toEqual([]);
  });

  it('redraws a bar in place on a terminal and ends its line', () => {
    let now = 0;
    const { out, stream } = fakeStream(true);
    const p = createProgress({ stream, now: () => now });
    p.start(4, 'building');
    now += 1000;
    p.tick(2);
    p.done();
    expect(out[0]).toMatch(/^\r\[\.{24}\] building 0\/4 \(0 %\)/);
    expect(out[1]).toMatch(/^\r\[#{12}\.{12}\] building 2\/4 \(50 %\)/);
    expect(out.at(-1)).toBe('\n');
  });

  it('counts without a total', () => {
    let now = 0;
    const { out, stream } = fakeStream(false);
    const p = createProgress({ stream, now: () => now });
    p.start(0, 'pulling');
    now += PROGRESS_LINE_INTERVAL_MS;
    p.tick(50);
    expect(out).toEqual(['pulling 50\n']);
  });

  it('prints nothing at all with quiet', () => {
    const { out, stream } = fakeStream(true);
    const p = createProgress({ quiet: true, stream });
    p.start(10, 'x');
    p.tick(10);
    p.done();
    expect(out).toEqual([]);
  });
});
