import type { ImportedReview } from './imported-review.ts';

/** JSON with object keys sorted, so two values compare equal whatever order their keys were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

function instant(value: string): number {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * One copy per review id — the one the source changed last (Takeout lists a review once per account that
 * manages its location) — in date then id order, so files and reports come out the same on every run.
 */
export function laterCopies(imported: readonly ImportedReview[]): ImportedReview[] {
  const best = new Map<string, ImportedReview>();
  for (const imp of imported) {
    const seen = best.get(imp.fields.id);
    if (!seen || instant(imp.sourceUpdated) >= instant(seen.sourceUpdated)) best.set(imp.fields.id, imp);
  }
  return [...best.values()].sort((a, b) =>
    a.fields.date !== b.fields.date ? (a.fields.date < b.fields.date ? -1 : 1) : a.fields.id < b.fields.id ? -1 : a.fields.id > b.fields.id ? 1 : 0,
  );
}
