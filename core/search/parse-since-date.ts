import { CalendarDateSchema } from '../schemas/primitives.ts';
import type { ParseResult } from './parse-search-params.ts';

/**
 * The `{date}` of GET /api/reviews/since/{date}, taken from the raw (still percent-encoded) path
 * segment: a real calendar date written YYYY-MM-DD, or issues with path "date".
 * The value is only ever compared with review dates; it never becomes a file path.
 */
export function parseSinceDate(rawSegment: string): ParseResult<string> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return { ok: false, issues: [{ path: 'date', code: 'invalid_encoding', message: 'is not valid percent-encoded UTF-8' }] };
  }
  if (decoded === '') return { ok: false, issues: [{ path: 'date', code: 'empty_value', message: 'is missing; use /api/reviews/since/YYYY-MM-DD' }] };
  const parsed = CalendarDateSchema.safeParse(decoded);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0]!;
  return { ok: false, issues: [{ path: 'date', code: first.code, message: first.message }] };
}
