import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../../sidecar/build/one-at-a-time.ts';

/** A run that records when it starts and ends, and settles when the test says. */
function controlledRuns() {
  const log: string[] = [];
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let n = 0;
  const run = () => {
    const k = ++n;
    log.push(`start ${k}`);
    return new Promise<number>((resolve, reject) =>
      pending.push({
        resolve: () => (log.push(`end ${k}`), resolve(k)),
        reject: (e) => (log.push(`fail ${k}`), reject(e)),
      }),
    );
  };
  return { log, pending, run };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('oneAtATime (the sidecar builds: REBUILD_CRON and the pull loop share one)', () => {
  it('starts a call made while one runs only when that one has ended, in order', async () => {
    const { log, pending, run } = controlledRuns();
    const serial = oneAtATime(run);
    const a = serial();
    const b = serial();
    const c = serial();
    await tick();
    expect(log).toEqual(['start 1']);
    pending[0]!.resolve();
    await tick();
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
    pending[1]!.resolve();
    await tick();
    pending[2]!.resolve();
    expect(await Promise.all([a, b, c])).toEqual([1, 2, 3]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('a failed run rejects its own call only; the next one still runs', async () => {
    const { log, pending, run } = controlledRuns();
    const serial = oneAtATime(run);
    const a = serial();
    const b = serial();
    await tick();
    pending[0]!.reject(new Error('build failed'));
    await expect(a).rejects.toThrow('build failed');
    await tick();
    pending[1]!.resolve();
    expect(await b).toBe(2);
    expect(log).toEqual(['start 1', 'fail 1', 'start 2', 'end 2']);
  });
});
