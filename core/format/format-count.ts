/**
 * The one number format of everything the build publishes for people (pages, /embed/, the static
 * snippet): en-US grouping, so 19601 is "19,601" wherever it appears, never "19601" beside it.
 * Deterministic: the locale is fixed, not the machine's.
 */
const INTEGER = new Intl.NumberFormat('en-US');

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return INTEGER.format(n);
}

/** "1 review", "2 reviews", "12,345 reviews": the count formatted, the noun agreeing with it. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** 0.4567 → "46%". */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
