import { parseQueryString } from '../http/parse-query-string.ts';
import { zodIssues, type ParseResult } from '../search/parse-search-params.ts';
import { FindQuerySchema, type FindQuery } from './find-query-schema.ts';

/** The parameter names GET /api/reviews/find accepts: exactly the keys of FindQuerySchema. */
export const FIND_PARAMS = Object.keys(FindQuerySchema.shape) as (keyof FindQuery)[];
const INTEGER = /^[+-]?\d+$/;

/**
 * The raw query string of GET /api/reviews/find as a FindQuery, with one issue per problem in the
 * same shape and codes as the search endpoint (unknown, repeated or empty parameter, not an
 * integer, then whatever FindQuerySchema rejects). Never throws, whatever the input.
 */
export function parseFindParams(rawQuery: string): ParseResult<FindQuery> {
  const { values, issues } = parseQueryString(rawQuery);
  const typed: Record<string, unknown> = {};
  for (const [key, list] of values) {
    if (!(FIND_PARAMS as string[]).includes(key)) {
      const hint = key === 'query' ? '; did you mean "q"?' : '.';
      issues.push({ path: key.slice(0, 100), code: 'unknown_parameter', message: `unknown parameter${hint} Accepted: ${FIND_PARAMS.join(', ')}` });
    } else if (list.length > 1) {
      issues.push({ path: key, code: 'repeated_parameter', message: `given ${list.length} times; give it at most once` });
    } else if (list[0] === '') {
      issues.push({ path: key, code: 'empty_value', message: 'is empty; give a value or leave the parameter out' });
    } else if (key === 'limit') {
      if (INTEGER.test(list[0]!)) typed.limit = Number(list[0]);
      else issues.push({ path: key, code: 'invalid_type', message: `must be an integer, got "${list[0]!.slice(0, 40)}"` });
    } else typed[key] = list[0];
  }
  if (!values.has('q') && !issues.some((i) => i.path === 'q')) {
    issues.push({ path: 'q', code: 'invalid_type', message: 'is required: the words to look for, e.g. ?q=roof+leak' });
    return { ok: false, issues };
  }
  const parsed = FindQuerySchema.safeParse(typed);
  if (!parsed.success) issues.push(...zodIssues(parsed.error).filter((i) => !issues.some((j) => j.path === i.path)));
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: parsed.data! };
}
