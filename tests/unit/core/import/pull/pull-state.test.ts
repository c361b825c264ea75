/** Issue 25 — the pure parts of the live pulls: the saved pull state. */
import { describe, expect, it } from 'vitest';
import { formatPullState, FULL_PULL_EVERY_DAYS, fullPullDue, parsePullState } from '../../../../../core/import/pull/pull-state.ts';

describe('pull state', () => {
  it('round-trips with sorted keys, so the same state is the same bytes', () => {
    const a = formatPullState({ version: 1, sources: { 'trustpilot:x': { newest: 'b' }, 'google:accounts/1/locations/2': { newest: 'a' } } });
    const b = formatPullState(parsePullState(a));
    expect(b).toBe(a);
    expect(a.indexOf('google:')).toBeLessThan(a.indexOf('trustpilot:'));
    expect(parsePullState(null)).toEqual({ version: 1, sources: {} });
  });

  it('names what is wrong with a bad state file', () => {
    expect(() => parsePullState('{')).toThrow(/not valid JSON/);
    expect(() => parsePullState('{"version":1,"sources":{"g":{"newest":3}}}')).toThrow(/sources\.g\.newest/);
  });
});

describe('fullPullDue', () => {
  it('is due on the first pull, a week after the last full one, and when the clock went back; not in between', () => {
    expect(fullPullDue(undefined, '2026-10-02')).toBe(true);
    expect(fullPullDue({ newest: 'x' }, '2026-10-02')).toBe(true); // a state written before fullOn was kept
    expect(fullPullDue({ newest: 'x', fullOn: '2026-10-02' }, '2026-10-02')).toBe(false);
    expect(fullPullDue({ newest: 'x', fullOn: '2026-10-02' }, '2026-10-08')).toBe(false);
    expect(fullPullDue({ newest: 'x', fullOn: '2026-10-02' }, `2026-10-${String(2 + FULL_PULL_EVERY_DAYS).padStart(2, '0')}`)).toBe(true);
    expect(fullPullDue({ newest: 'x', fullOn: '2026-10-09' }, '2026-10-02')).toBe(true);
  });

  it('keeps fullOn in the file, and refuses one that is no calendar date', () => {
    const text = formatPullState({ version: 1, sources: { 'trustpilot:x': { newest: 'b', fullOn: '2026-10-02' } } });
    expect(parsePullState(text).sources['trustpilot:x']).toEqual({ newest: 'b', fullOn: '2026-10-02' });
    expect(() => parsePullState('{"version":1,"sources":{"g":{"newest":"a","fullOn":"2026-02-30"}}}')).toThrow(/sources\.g\.fullOn/);
  });
});
