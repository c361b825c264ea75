/**
 * Ranked search, GET /api/reviews/find and the MCP tool find_reviews (through the SDK client over
 * streamable HTTP): the same answers for the same arguments, typo tolerance on the catalog's names,
 * and a fuzz of `q` that never gives anything but 200 or 400 with issues.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FindResponseSchema, type FindResponse } from '../../core/find/find-response-schema.ts';
import { ErrorBodySchema } from '../../core/schemas/error-schema.ts';
import { createSchemaValidator } from '../helpers/mcp/output-validator.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

let sidecar: TestSidecar;
let client: Client;
let tool: Tool;
const validate = createSchemaValidator();

beforeAll(async () => {
  sidecar = await startSidecar({ distDir: inject('distDir'), baseUrl: inject('baseUrl') });
  client = new Client({ name: 'find-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(sidecar.mcpUrl)));
  tool = (await client.listTools()).tools.find((t) => t.name === 'find_reviews')!;
});
afterAll(async () => {
  await client?.close();
  await sidecar?.close();
});

async function http(params: Record<string, string | number>): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await request(`${sidecar.origin}/api/reviews/find?${qs}`);
  return { status: res.statusCode, body: await res.body.json(), headers: res.headers };
}

async function mcp(args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name: 'find_reviews', arguments: args })) as CallToolResult;
}

const words = () => {
  const doc = sidecar.snapshot.reviewsDocument;
  const text = doc.reviews
    .slice(0, 60)
    .flatMap((r) => r.text.split(/[^\p{L}]+/u))
    .filter((w) => w.length >= 3);
  return [
    ...text,
    ...doc.business.technicians.flatMap((t) => [t.name, ...t.aliases]),
    ...doc.business.services.map((s) => s.name),
    ...doc.business.serviceAreas.map((a) => a.name),
  ];
};
/** A word with one typo (dropped, doubled or swapped letter) when it is long enough to be forgiven. */
const typo = (w: string, i: number, kind: number) => {
  if (w.length < 5) return w;
  const at = 1 + (i % (w.length - 2));
  return kind === 0
    ? w.slice(0, at) + w.slice(at + 1)
    : kind === 1
      ? w.slice(0, at) + w[at] + w.slice(at)
      : w.slice(0, at - 1) + w[at] + w[at - 1] + w.slice(at + 1);
};

describe('GET /api/reviews/find', () => {
  it('ranks, returns full reviews with score and highlights that point at matched words', async () => {
    const { status, body, headers } = await http({ q: 'leak', limit: 5 });
    expect(status).toBe(200);
    expect(headers['etag']).toEqual(expect.any(String));
    const found: FindResponse = FindResponseSchema.parse(body);
    expect(found.count).toBe(found.reviews.length);
    expect(found.query).toEqual({ q: 'leak', limit: 5 });
    const scores = found.reviews.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const r of found.reviews) {
      const { score: _s, highlights, ...review } = r;
      expect(review).toEqual(sidecar.snapshot.reviewsById.get(r.id));
      for (const h of highlights) expect((h.field === 'text' ? r.text : r.title!).slice(h.start, h.end).toLowerCase()).toMatch(/^lea/);
    }
  });

  it('finds the reviews of a technician or service from a misspelt name', async () => {
    const doc = sidecar.snapshot.reviewsDocument;
    const cases: [string, (r: (typeof doc.reviews)[number]) => boolean][] = [];
    for (const t of doc.business.technicians.filter((t) => t.name.length >= 5))
      cases.push([typo(t.name, 2, 0), (r) => r.technicians.some((x) => x.id === t.id)]);
    const serviceWords = doc.business.services.flatMap((s) => s.name.toLowerCase().split(' '));
    for (const s of doc.business.services) {
      // A word of its name no other service shares and few reviews use for anything else ("Skylight", not "repair" or "roofing").
      const common = (w: string) => doc.reviews.filter((r) => r.text.toLowerCase().includes(w.toLowerCase())).length > doc.reviews.length / 10;
      const word = s.name.split(' ').find((w) => w.length >= 6 && serviceWords.filter((x) => x === w.toLowerCase()).length === 1 && !common(w));
      if (word) cases.push([typo(word, 3, 2), (r) => r.services.some((x) => x.id === s.id)]);
    }
    expect(cases.length).toBeGreaterThan(3);
    for (const [q, mentions] of cases) {
      const expected = doc.reviews.filter(mentions).length;
      if (expected === 0) continue;
      const { status, body } = await http({ q, limit: 10 });
      expect(status, q).toBe(200);
      expect(body.total, `"${q}": every review that mentions it matches`).toBeGreaterThanOrEqual(expected);
      expect(mentions(body.reviews[0]), `"${q}": the best match mentions it`).toBe(true);
      expect(body.reviews.filter(mentions).length, `"${q}": most of the 10 best mention it`).toBeGreaterThanOrEqual(Math.min(8, expected));
    }
  });

  it('a question finds what its words are about: "did they clean up" finds the cleanup reviews, over HTTP and MCP alike', async () => {
    const question = await http({ q: 'did they clean up', limit: 100 });
    const cleanup = await http({ q: 'cleanup', limit: 100 });
    expect(question.status).toBe(200);
    // Before: only the 2 reviews with both "clean" and "up" ("cleanup" alone finds 28).
    expect(question.body.total).toBeGreaterThanOrEqual(10);
    const said = (r: { text: string }) => /\bclean[\s-]?up\b/i.test(r.text);
    const withCleanup = (cleanup.body.reviews as { id: string; text: string }[]).filter(said).map((r) => r.id);
    const found = new Set((question.body.reviews as { id: string }[]).map((r) => r.id));
    expect(withCleanup.length).toBeGreaterThan(0);
    for (const id of withCleanup) expect(found.has(id), id).toBe(true);
    expect(question.body.reviews.slice(0, 3).every(said)).toBe(true);
    const viaMcp = await mcp({ q: 'did they clean up', limit: 100 });
    expect(viaMcp.structuredContent).toEqual(question.body);
  });

  it('answers invalid parameters with 400 and one issue per problem', async () => {
    for (const [qs, path] of [
      ['', 'q'],
      ['q=', 'q'],
      ['q=roof&limit=0', 'limit'],
      ['q=roof&limit=abc', 'limit'],
      ['query=roof', 'query'],
      ['q=a&q=b', 'q'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['q=%2C%2C', 'q'],
    ] as const) {
      const res = await request(`${sidecar.origin}/api/reviews/find?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      const body = ErrorBodySchema.parse(await res.body.json());
      expect(
        body.issues.map((i) => i.path),
        qs,
      ).toContain(path);
    }
  });
});

describe('find_reviews over MCP', () => {
  it('is listed with an output schema, read-only annotations and a description that says when to use it', () => {
    expect(tool.outputSchema).toBeDefined();
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(tool.description).toMatch(/search_reviews/);
  });

  it('gives the same results as GET /api/reviews/find for the same arguments (property)', async () => {
    const pool = words();
    const query = fc
      .array(fc.tuple(fc.constantFrom(...pool), fc.nat(), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([w, i, k]) => (k === 3 ? w : typo(w, i, k))).join(' '));
    await fc.assert(
      fc.asyncProperty(query, fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }), async (q, limit) => {
        const args: Record<string, string | number> = limit === undefined ? { q } : { q, limit };
        const viaHttp = await http(args);
        expect(viaHttp.status).toBe(200);
        const viaMcp = await mcp(args);
        expect(viaMcp.isError ?? false).toBe(false);
        expect(validate(tool.outputSchema!, viaMcp.structuredContent)).toBeNull();
        expect(viaMcp.structuredContent).toEqual(viaHttp.body);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses invalid arguments with a message that names them', async () => {
    const result = await mcp({ q: '', limit: 500 });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/q:.*limit:/s);
  });
});

describe('fuzz: q never gives a 5xx', () => {
  it('random text, unicode, punctuation and lengths: 200 with a valid body or 400 with issues', async () => {
    const q = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 250 }),
      fc.string({ unit: fc.constantFrom(...'aeiourstlnm ÉéßİıЖ中😀\u0301\u200b-\'".,%&+#'.split('')), maxLength: 60 }),
      fc.constantFrom('\ud800', 'a\udc00b', '%', '%%', 'e\u0301te\u0301', ' '.repeat(50), 'x'.repeat(200)),
    );
    let ok = 0;
    await fc.assert(
      fc.asyncProperty(
        q,
        fc.option(fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.constantFrom('1.5', 'abc', '')), { nil: undefined }),
        async (text, limit) => {
          // Lone surrogates cannot be percent-encoded as UTF-8: their WTF-8 bytes are sent, which the server must refuse (400), not crash on.
          const encoded = /[\ud800-\udfff]/.test(text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))
            ? '%ED%A0%80' + encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))
            : encodeURIComponent(text);
          const raw = `q=${text.startsWith('%') ? text.replace(/ /g, '+') : encoded}${limit === undefined ? '' : `&limit=${limit}`}`;
          const res = await request(`${sidecar.origin}/api/reviews/find?${raw}`);
          const body = (await res.body.json()) as unknown;
          expect([200, 400], `${raw} → ${res.statusCode}`).toContain(res.statusCode);
          if (res.statusCode === 200) {
            FindResponseSchema.parse(body);
            ok++;
          } else expect(ErrorBodySchema.parse(body).issues.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1500 },
    );
    expect(ok).toBeGreaterThan(50);
  }, 120_000);
});
