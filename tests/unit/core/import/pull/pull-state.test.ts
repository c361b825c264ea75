/** Issue 25 — the pure parts of the live pulls: the saved pull state. */
import { describe, expect, it } from 'vitest';
import { formatPullState, parsePullState } from '../../../../../core/import/pull/pull-state.ts';

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
