/** Longest delay ever returned, whatever the configured list: one day. */
export const MAX_RETRY_DELAY_MS = 86_400_000;

/**
 * Delay before retry number `attempt` (1 = the first retry after one failure).
 *
 * The configured list (HUB_RETRY_DELAYS, e.g. 30 s, 5 min, 30 min) is the exponential schedule;
 * past its end each further attempt doubles the last entry, capped at one day. The result is
 * spread by ±`jitter` (a fraction, 0.2 = ±20 %) using the injected random source so that
 * subscribers failing together do not retry in lockstep.
 *
 * @param random returns a number in [0, 1), e.g. Math.random
 */
export function retryDelay(attempt: number, delaysMs: readonly number[], random: () => number, jitter = 0.2): number {
  if (delaysMs.length === 0) throw new RangeError('retryDelay needs at least one configured delay');
  const index = Math.max(1, Math.floor(attempt)) - 1;
  const last = delaysMs[delaysMs.length - 1]!;
  const base = index < delaysMs.length ? delaysMs[index]! : last * 2 ** Math.min(index - delaysMs.length + 1, 30);
  const capped = Math.min(base, MAX_RETRY_DELAY_MS);
  const spread = Math.min(Math.max(jitter, 0), 1);
  const factor = 1 + spread * (2 * random() - 1);
  return Math.max(1, Math.round(capped * factor));
}
