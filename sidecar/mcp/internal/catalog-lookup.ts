import type { Service } from '../../../core/schemas/business-schema.ts';
import { foldName as fold } from '../../../core/search/fold-text.ts';

/** The service named by id or display name (case- and accent-insensitive), if any. */
export function findService(services: readonly Service[], name: string): Service | undefined {
  const key = fold(name);
  return services.find((s) => fold(s.id) === key || fold(s.name) === key);
}

/** Up to `max` candidates that start with what was typed so far (for completion/complete). */
export function completeFrom(candidates: Iterable<string>, typed: string, max = 100): { values: string[]; total: number; hasMore: boolean } {
  const key = fold(typed);
  const matches: string[] = [];
  let total = 0;
  for (const c of candidates) {
    if (!fold(c).startsWith(key)) continue;
    total++;
    if (matches.length < max) matches.push(c);
  }
  return { values: matches, total, hasMore: total > matches.length };
}
