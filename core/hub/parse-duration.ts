/** Milliseconds per unit of the duration syntax used by the HUB_* settings. */
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/;

/**
 * Parses a duration such as `30s`, `5m`, `1.5h`, `10d` or `250ms` into milliseconds.
 * A bare number means seconds (the unit of `hub.lease_seconds`). Returns null when malformed.
 */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * UNIT_MS[(match[2] ?? 's') as keyof typeof UNIT_MS];
  return Number.isFinite(value) ? Math.round(value) : null;
}

/** Parses a comma-separated list of durations (`30s,5m,30m`); null when any entry is malformed or the list is empty. */
export function parseDurationList(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return null;
  const values = parts.map(parseDuration);
  return values.every((v): v is number => v !== null && v > 0) ? values : null;
}
