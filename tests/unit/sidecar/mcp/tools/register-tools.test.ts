import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchQuerySchema } from '../../../../../core/search/search-query-schema.ts';
import type { Snapshot } from '../../../../../sidecar/data/snapshot.ts';
import { createFakeSnapshot, INJECTION_TEXT } from '../../../../helpers/mcp/fake-snapshot.ts';
import { linkedClient } from '../../../../helpers/mcp/linked-client.ts';
import { createSchemaValidator } from '../../../../helpers/mcp/output-validator.ts';
import { searchArgs } from '../../../../helpers/mcp/search-args.ts';

let snapshot: Snapshot;
let client: Client;
let close: () => Promise<void>;
let tools: Map<string, Tool>;
const validate = createSchemaValidator();

beforeAll(async () => {
  snapshot = createFakeSnapshot();
  ({ client, close } = await linkedClient(snapshot));
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
});
afterAll(() => close());

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Calls a tool that must succeed; checks the result against the advertised output schema and the text copy. */
async function ok(name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const result = await call(name, args);
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  expect(validate(tools.get(name)!.outputSchema!, result.structuredContent)).toBeNull();
  expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
  return result.structuredContent as Record<string, any>;
}

async function failure(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (result.content[0] as { text: string }).text;
}

function assertBounded(name: string, schema: Record<string, any>, path: string): void {
  expect(schema.description, `${name} ${path} has a description`).toEqual(expect.any(String));
  if (schema.type === 'string') expect(schema.maxLength ?? schema.enum ?? schema.format, `${name} ${path} is bounded`).toBeDefined();
  else if (schema.type === 'integer' || schema.type === 'number')
    expect([schema.minimum, schema.maximum], `${name} ${path} is bounded`).not.toContain(undefined);
  else expect(schema.enum, `${name} ${path} is bounded`).toBeDefined();
}

describe('tools/list', () => {
  it('lists the nine tools, each described, bounded, strict, read-only, with an output schema', () => {
    expect([...tools.keys()]).toEqual([
      'get_business',
      'search_reviews',
      'find_reviews',
      'get_review',
      'get_reviews_since',
      'get_rating_summary',
      'get_insights',
      'list_technicians',
      'list_services',
    ]);
    for (const tool of tools.values()) {
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.description).toMatch(/^Use /);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      for (const [prop, schema] of Object.entries(tool.inputSchema.properties ?? {})) assertBounded(tool.name, schema as Record<string, any>, prop);
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false, idempotentHint: true, destructiveHint: false });
    }
  });

  it('advertises exactly the HTTP search filters plus cursor for search_reviews', () => {
    expect(Object.keys(tools.get('search_reviews')!.inputSchema.properties!)).toEqual([...Object.keys(SearchQuerySchema.shape), 'cursor']);
  });
});

describe('tools/call', () => {
  it('get_business: business and aggregate rating', async () => {
    const out = await ok('get_business');
    expect(out.business.name).toBe(snapshot.reviewsDocument.business.name);
    expect(out.aggregateRating).toEqual(snapshot.reviewsDocument.aggregateRating);
  });

  it('search_reviews returns what the engine returns for the same arguments (property)', async () => {
    await fc.assert(
      fc.asyncProperty(searchArgs, async (args) => {
        const out = await ok('search_reviews', args);
        const query = SearchQuerySchema.parse(args);
        const expected = snapshot.search.search(query);
        expect(out.reviews).toEqual(expected.reviews);
        expect({ total: out.total, count: out.count, filters: out.filters }).toEqual({
          total: expected.total,
          count: expected.reviews.length,
          filters: query,
        });
      }),
      { numRuns: 150 },
    );
  });

  it('search_reviews and find_reviews fold full-width letters (NFKC) like the HTTP endpoints', async () => {
    const plain = await ok('search_reviews', { query: 'roof', limit: 100 });
    expect(plain.reviews.length).toBeGreaterThan(0);
    expect((await ok('search_reviews', { query: 'ＲＯＯＦ', limit: 100 })).reviews).toEqual(plain.reviews);
    const ranked = await ok('find_reviews', { q: 'roof', limit: 20 });
    expect(ranked.total).toBeGreaterThan(0);
    const wide = await ok('find_reviews', { q: 'ＲＯＯＦ', limit: 20 });
    expect(wide.total).toBe(ranked.total);
    expect(wide.reviews.map((r: { id: string }) => r.id)).toEqual(ranked.reviews.map((r: { id: string }) => r.id));
  });

  it('search_reviews pages with nextCursor through every match exactly once', async () => {
    const all = snapshot.search.search(SearchQuerySchema.parse({ min_rating: 2, limit: 100 })).reviews.map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const out = await ok('search_reviews', { min_rating: 2, limit: 7, ...(cursor && { cursor }) });
      seen.push(...out.reviews.map((r: { id: string }) => r.id));
      cursor = out.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('search_reviews: invalid arguments and cursors are tool errors that say what to fix', async () => {
    expect(await failure('search_reviews', { rating: 6 })).toMatch(/rating: .*<=5.*call search_reviews again/);
    expect(await failure('search_reviews', { since: '2023-02-30' })).toMatch(/since: must be a real calendar date/);
    expect(await failure('search_reviews', { since: '2024-02-01', until: '2024-01-01' })).toMatch(/since must not be after until/);
    expect(await failure('search_reviews', { ratings: 5 })).toMatch(/unknown argument "ratings".*accepted arguments: rating, min_rating/);
    expect(await failure('search_reviews', { limit: 0 })).toMatch(/limit/);
    expect(await failure('search_reviews', { cursor: 'bogus' })).toMatch(/omit cursor/);
    const { nextCursor } = await ok('search_reviews', { rating: 5, limit: 1 });
    expect(await failure('search_reviews', { rating: 4, cursor: nextCursor })).toMatch(/other filters/);
    expect(await failure('get_reviews_since', { date: '2020-01-01', cursor: nextCursor })).toMatch(/not a valid get_reviews_since cursor/);
  });

  it('a cursor from an older build is refused rather than read against new data', async () => {
    const { nextCursor } = await ok('search_reviews', { limit: 1 });
    const newer = await linkedClient(createFakeSnapshot(undefined, 'fixture-data-v2'));
    const result = (await newer.client.callTool({ name: 'search_reviews', arguments: { limit: 1, cursor: nextCursor } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/data changed/);
    await newer.close();
  });

  it('get_review: a review by id; unknown id is a tool error', async () => {
    const id = snapshot.reviewsDocument.reviews[3]!.id;
    expect((await ok('get_review', { id })).review).toEqual(snapshot.reviewsById.get(id));
    expect(await failure('get_review', { id: 'r-missing' })).toMatch(/No review has id "r-missing".*search_reviews/);
    expect(await failure('get_review', { id: 'Not A Slug!' })).toMatch(/^Invalid arguments for get_review: id:/);
    expect(await failure('get_review', {})).toMatch(/id/);
  });

  it('get_reviews_since: the since set, paged', async () => {
    const since = '2024-01-01';
    const expected = snapshot.reviewsDocument.reviews.filter((r) => r.date >= since);
    const first = await ok('get_reviews_since', { date: since, limit: 5 });
    expect(first).toMatchObject({ since, total: expected.length, count: 5 });
    expect(first.reviews).toEqual(expected.slice(0, 5));
    const second = await ok('get_reviews_since', { date: since, limit: 5, cursor: first.nextCursor });
    expect(second.reviews).toEqual(expected.slice(5, 10));
    const none = await ok('get_reviews_since', { date: '2030-01-01' });
    expect(none).toMatchObject({ total: 0, count: 0, reviews: [], nextCursor: null, updated: null });
    expect(await failure('get_reviews_since', {})).toMatch(/date/);
  });

  it('get_rating_summary: average, count, histogram and trend', async () => {
    const all = await ok('get_rating_summary');
    expect({ average: all.average, count: all.count, histogram: all.histogram }).toEqual({
      average: snapshot.reviewsDocument.aggregateRating.average,
      count: snapshot.reviewsDocument.aggregateRating.count,
      histogram: snapshot.reviewsDocument.aggregateRating.histogram,
    });
    expect(all.trend.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(all.count);
    const q = await ok('get_rating_summary', { since: '2023-01-01', until: '2023-12-31', granularity: 'quarter' });
    expect(q.trend.map((p: { period: string }) => p.period)).toEqual(['2023-Q1', '2023-Q2', '2023-Q3', '2023-Q4']);
    expect(await failure('get_rating_summary', { granularity: 'week' })).toMatch(/granularity/);
    expect(await failure('get_rating_summary', { since: '1900-01-01', until: '2024-01-01' })).toMatch(/more than 600 months.*quarter/);
  });

  it('get_insights: everything, or one section', async () => {
    const all = await ok('get_insights');
    expect(all).toMatchObject({ section: 'all', summary: snapshot.insights.summary, aspects: [] });
    const one = await ok('get_insights', { section: 'summary' });
    expect(Object.keys(one).sort()).toEqual(['method', 'moderation', 'reviewCount', 'section', 'summary', 'updated', 'version']);
    expect(await failure('get_insights', { section: 'everything' })).toMatch(/section/);
  });

  it('list_technicians and list_services: counts and averages of the reviews that mention them', async () => {
    const reviews = snapshot.reviewsDocument.reviews;
    const { technicians } = await ok('list_technicians');
    const marco = technicians.find((t: { id: string }) => t.id === 'marco');
    const marcoReviews = reviews.filter((r) => r.technicians.some((t) => t.id === 'marco'));
    expect(marco).toMatchObject({ reviewCount: marcoReviews.length, latestReviewDate: marcoReviews[0]!.date });
    expect(marco.averageRating).toBeCloseTo(marcoReviews.reduce((s, r) => s + r.rating, 0) / marcoReviews.length, 2);
    expect(technicians.find((t: { id: string }) => t.id === 'priya')).toMatchObject({ reviewCount: 0, averageRating: null });
    const { services } = await ok('list_services');
    expect(services.map((s: { id: string }) => s.id)).toEqual(snapshot.reviewsDocument.business.services.map((s) => s.id));
    expect(services.find((s: { id: string }) => s.id === 'gutters').reviewCount).toBe(
      reviews.filter((r) => r.services.some((s) => s.id === 'gutters')).length,
    );
    expect(await failure('list_services', { sort: 'name' })).toMatch(/unknown argument "sort".*none, pass \{\}/);
  });

  it('an unknown tool is a JSON-RPC -32602 error, not a tool result', async () => {
    await expect(client.callTool({ name: 'delete_reviews', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool "delete_reviews"'),
    });
  });
});

describe('untrusted review text', () => {
  it('comes back as data only: never in tool descriptions, schemas or instructions', async () => {
    const listing = JSON.stringify(await client.listTools());
    expect(listing).not.toContain('IGNORE ALL');
    expect(client.getInstructions()).not.toContain('IGNORE ALL');
    const out = await ok('get_review', { id: 'r-injection' });
    expect(out.review.text).toBe(INJECTION_TEXT);
  });
});
