import type { ZodError } from 'zod';
import { capIssues } from '../http/cap-issues.ts';
import { parseQueryString } from '../http/parse-query-string.ts';
import { type ErrorIssue, MAX_ISSUES } from '../schemas/error-schema.ts';
import { SearchQuerySchema, type SearchQuery } from './search-query-schema.ts';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: ErrorIssue[] };

/** The parameter names GET /api/reviews/search accepts: exactly the keys of SearchQuerySchema. */
export const SEARCH_PARAMS = Object.keys(SearchQuerySchema.shape) as (keyof SearchQuery)[];
const INTEGER_PARAMS = new Set<string>(['rating', 'limit']);
const NUMBER_PARAMS = new Set<string>(['min_rating']);
/** Decimal numbers as people write them: no hex, no Infinity, no blanks. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Turns the raw query string of GET /api/reviews/search into a SearchQuery, reporting one issue
 * per problem (at most MAX_ISSUES, then a count of the rest): bad encoding, unknown parameter (with a suggestion), repeated parameter, empty
 * value, a value that is not a number, then whatever SearchQuerySchema rejects (ranges, dates,
 * since after until). Never throws, whatever the input.
 */
export function parseSearchParams(rawQuery: string): ParseResult<SearchQuery> {
  const { values, issues } = parseQueryString(rawQuery);
  const typed: Record<string, unknown> = {};
  for (const [key, list] of values) {
    const shown = key.slice(0, 100);
    if (!(SEARCH_PARAMS as string[]).includes(key)) {
      // Suggestions only for the issues that will be shown: the rest are just counted.
      const hint = issues.length < MAX_ISSUES ? closestName(key) : undefined;
      issues.push({ path: shown, code: 'unknown_parameter', message: `unknown parameter${hint ? `; did you mean "${hint}"?` : ''}` });
    } else if (list.length > 1) {
      issues.push({ path: key, code: 'repeated_parameter', message: `given ${list.length} times; give it at most once` });
    } else if (list[0] === '') {
      issues.push({ path: key, code: 'empty_value', message: 'is empty; give a value or leave the parameter out' });
    } else if (INTEGER_PARAMS.has(key) || NUMBER_PARAMS.has(key)) {
      const text = list[0]!;
      if (NUMBER.test(text)) typed[key] = Number(text);
      else
        issues.push({
          path: key,
          code: 'invalid_type',
          message: `must be ${INTEGER_PARAMS.has(key) ? 'an integer' : 'a number'}, got "${text.slice(0, 40)}"`,
        });
    } else {
      typed[key] = list[0];
    }
  }
  const parsed = SearchQuerySchema.safeParse(typed);
  if (!parsed.success) issues.push(...zodIssues(parsed.error));
  return issues.length > 0 ? { ok: false, issues: capIssues(issues) } : { ok: true, value: parsed.data! };
}

/**
 * The `error` summary of a 400 from the search endpoint: the accepted parameters are said here,
 * once, when a parameter was unknown (not once per unknown parameter).
 */
export function searchErrorSummary(issues: readonly ErrorIssue[]): string {
  const unknown = issues.some((i) => i.code === 'unknown_parameter');
  return unknown ? `Invalid search parameters. Accepted parameters: ${SEARCH_PARAMS.join(', ')}` : 'Invalid search parameters';
}

/**
 * Zod issues in the shape of the API: dotted path, zod's code, zod's message. Only the first issue
 * per path is kept: "abc" as a date fails both the format and the calendar check, one problem.
 */
export function zodIssues(error: ZodError): ErrorIssue[] {
  const seen = new Set<string>();
  const out: ErrorIssue[] = [];
  for (const i of error.issues) {
    const path = i.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, code: i.code, message: i.message });
  }
  return out;
}

/** The accepted parameter a typo was probably meant to be: within edit distance 2, or a truncation of it. */
function closestName(key: string): string | undefined {
  const typo = key.toLowerCase().slice(0, 40);
  let best: string | undefined;
  let bestDistance = 3;
  for (const name of SEARCH_PARAMS) {
    const d = typo.length >= 4 && name.startsWith(typo) ? 1 : editDistance(typo, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
