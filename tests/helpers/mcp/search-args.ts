import fc from 'fast-check';

const calendarDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/**
 * Random search_reviews arguments within the schema's limits (since ≤ until kept), over words,
 * names and ids that do and do not occur in the sample content.
 */
export const searchArgs = fc
  .record(
    {
      rating: fc.integer({ min: 1, max: 5 }),
      min_rating: fc.integer({ min: 10, max: 50 }).map((n) => n / 10),
      since: calendarDate,
      until: calendarDate,
      query: fc.constantFrom('leak', 'roof', 'cleanup', 'crew', 'ÉTÉ', 'ete', 'no leaks since', 'magnet', 'gutter', 'r', 'zzzz-no-match', 'Marco'),
      mentions_technician: fc.constantFrom('marco', 'Marco', 'Marko', 'dave', 'Big Dave', 'tomasz', 'jenna', 'nobody'),
      mentions_service: fc.constantFrom('roof-repair', 'roof-replacement', 'gutters', 'no-such-service'),
      limit: fc.integer({ min: 1, max: 100 }),
    },
    { requiredKeys: [] },
  )
  .map((a) => (a.since && a.until && a.since > a.until ? { ...a, since: a.until, until: a.since } : a));

export type SearchArgs = typeof searchArgs extends fc.Arbitrary<infer T> ? T : never;

/** The same arguments as the query string of GET /api/reviews/search. */
export function toQueryString(args: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)])).toString();
}
