/** How long a trend period is; a coarser one is used when the finer ones have too few opinions. */
export type Granularity = 'quarter' | 'half-year' | 'year';

/** Finest first. */
export const GRANULARITIES: readonly Granularity[] = ['quarter', 'half-year', 'year'];

const PER_YEAR: Record<Granularity, number> = { quarter: 4, 'half-year': 2, year: 1 };

/** Period of a `YYYY-MM-DD` date: "2024-Q3", "2024-H2" or "2024". */
export function periodOf(date: string, g: Granularity): string {
  return label(Number(date.slice(0, 4)), Math.floor((Number(date.slice(5, 7)) - 1) / (12 / PER_YEAR[g])), g);
}

function label(year: number, index: number, g: Granularity): string {
  if (g === 'year') return String(year);
  return `${year}-${g === 'quarter' ? 'Q' : 'H'}${index + 1}`;
}

/** The `count` periods that end with the one holding `date`, oldest first. */
export function periodsEndingAt(date: string, g: Granularity, count: number): string[] {
  const n = PER_YEAR[g];
  const last = Number(date.slice(0, 4)) * n + Math.floor((Number(date.slice(5, 7)) - 1) / (12 / n));
  return Array.from({ length: count }, (_, k) => {
    const i = last - count + 1 + k;
    return label(Math.floor(i / n), i % n, g);
  });
}
