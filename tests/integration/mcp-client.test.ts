/**
 * The official SDK Client over StreamableHTTPClientTransport against the real app on a real
 * socket: lifecycle, listings, every tool with its output validated (ajv) against the advertised
 * outputSchema, resources, prompts, and search_reviews against GET /api/reviews/search.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSchemaValidator } from '../helpers/mcp/output-validator.ts';
import { searchArgs, toQueryString } from '../helpers/mcp/search-args.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

let sidecar: TestSidecar;
let client: Client;
let transport: StreamableHTTPClientTransport;
let tools: Map<string, Tool>;
const validate = createSchemaValidator();

beforeAll(async () => {
  sidecar = await startSidecar({ distDir: inject('distDir'), baseUrl: inject('baseUrl') });
  client = new Client({ name: 'integration-test', version: '1.0.0' });
  transport = new StreamableHTTPClientTransport(new URL(sidecar.mcpUrl));
  await client.connect(transport);
  tools = new Map((await client.listTools()).tools.map((t) => [t.name, t]));
});
afterAll(async () => {
  await client.close();
  await sidecar.close();
});

async function ok(name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content).slice(0, 500)).toBe(false);
  expect(validate(tools.get(name)!.outputSchema!, result.structuredContent)).toBeNull();
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, any>;
}

async function httpSearch(args: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const res = await request(`${sidecar.origin}/api/reviews/search?${toQueryString(args)}`);
  return { status: res.statusCode, body: await res.body.json() };
}

describe('MCP over streamable HTTP with the SDK client', () => {
  it('initializes a session with server info, capabilities and instructions', () => {
    expect(transport.sessionId).toEqual(expect.any(String));
    expect(client.getServerVersion()).toMatchObject({ name: 'shingle-reviews' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {}, completions: {} });
    expect(client.getInstructions()).toMatch(/get_rating_summary/);
  });

  it('lists tools, resources, templates and prompts', async () => {
    expect(tools.size).toBe(9);
    const resources = await client.listResources();
    expect(resources.resources.slice(0, 2).map((r) => r.uri)).toEqual(['reviews://business', 'reviews://insights']);
    expect((await client.listResourceTemplates()).resourceTemplates[0]!.uriTemplate).toBe('reviews://reviews/{id}');
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
      'summarize_technician_feedback',
      'summarize_service_feedback',
      'draft_review_reply',
    ]);
  });

  it('calls every tool; every structuredContent conforms to its outputSchema', async () => {
    const { reviews } = sidecar.snapshot.reviewsDocument;
    const tech = sidecar.snapshot.reviewsDocument.business.technicians[0]!;
    const calls: [string, Record<string, unknown>][] = [
      ['get_business', {}],
      ['search_reviews', {}],
      ['search_reviews', { rating: 5, limit: 3 }],
      ['search_reviews', { mentions_technician: tech.name, min_rating: 3.5, since: '2022-01-01' }],
      ['search_reviews', { query: 'leak', limit: 100 }],
      ['get_review', { id: reviews[0]!.id }],
      ['get_review', { id: reviews.at(-1)!.id }],
      ['get_reviews_since', { date: reviews[9]!.date }],
      ['get_reviews_since', { date: '2000-01-01', limit: 100 }],
      ['get_rating_summary', {}],
      ['get_rating_summary', { since: '2024-01-01', until: '2025-12-31', granularity: 'quarter' }],
      ['get_insights', {}],
      ...(['aspects', 'entities', 'topics', 'faq', 'summary'] as const).map((section): [string, Record<string, unknown>] => [
        'get_insights',
        { section },
      ]),
      ['list_technicians', {}],
      ['list_services', {}],
      ['find_reviews', { q: 'leek roof' }],
    ];
    for (const [name, args] of calls) await ok(name, args);
    expect(tools.size).toBe(new Set(calls.map(([name]) => name)).size);
  });

  it('pages search_reviews with nextCursor', async () => {
    const first = await ok('search_reviews', { min_rating: 4, limit: 10 });
    const second = await ok('search_reviews', { min_rating: 4, limit: 10, cursor: first.nextCursor });
    const http = await httpSearch({ min_rating: 4, limit: 20 });
    expect([...first.reviews, ...second.reviews]).toEqual(http.body.reviews);
  });

  it('search_reviews gives the same results as GET /api/reviews/search for the same arguments (property)', async () => {
    await fc.assert(
      fc.asyncProperty(searchArgs, async (args) => {
        const http = await httpSearch(args);
        expect(http.status).toBe(200);
        const { nextCursor, ...mcp } = await ok('search_reviews', args);
        expect(mcp).toEqual(http.body);
        expect(nextCursor === null).toBe(http.body.count === http.body.total);
      }),
      { numRuns: 200 },
    );
  });

  it('reads resources and gets prompts', async () => {
    const id = sidecar.snapshot.reviewsDocument.reviews[0]!.id;
    const read = await client.readResource({ uri: `reviews://reviews/${id}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(sidecar.snapshot.reviewsById.get(id));
    const business = await client.readResource({ uri: 'reviews://business' });
    expect(JSON.parse((business.contents[0] as { text: string }).text).business.name).toBe(sidecar.snapshot.reviewsDocument.business.name);
    const prompt = await client.getPrompt({ name: 'draft_review_reply', arguments: { review_id: id } });
    expect(prompt.messages).toHaveLength(2);
  });

  it('ends the session with DELETE; the id is then refused', async () => {
    const other = new Client({ name: 'short-lived', version: '1.0.0' });
    const t = new StreamableHTTPClientTransport(new URL(sidecar.mcpUrl));
    await other.connect(t);
    const ended = t.sessionId!;
    await t.terminateSession();
    const res = await request(sidecar.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': ended },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(res.statusCode).toBe(404);
    await res.body.dump();
    await other.close();
  });
});
