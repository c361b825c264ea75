import { FindResponseSchema } from '../../core/find/find-response-schema.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signPayload } from '../../core/hub/payload-signature.ts';
import { SearchResponseSchema } from '../../core/search/search-response-schema.ts';
import { SinceDocumentSchema } from '../../core/schemas/reviews-document-schema.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';

/**
 * The examples on /developers/ are run as printed (bash + curl, Node) against the real sidecar, with the
 * public base URL swapped for the test server's address. If the service changes, this fails.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

const site = usePageSidecar();
let page: Page;
let scratch: string;
const examples = new Map<string, string>();

/** An example's code with the public base URL pointing at the test server. */
function example(id: string): string {
  const code = examples.get(id);
  if (code === undefined) throw new Error(`no example "${id}" on /developers/`);
  return code.replaceAll(inject('baseUrl'), site.origin);
}

async function sh(code: string): Promise<string> {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', code], { timeout: 20_000 });
  return stdout;
}

beforeAll(async () => {
  ({ page } = await site.open('/developers/'));
  for (const [id, code] of await page.$$eval('pre[data-example]', (els) =>
    els.map((e) => [e.getAttribute('data-example')!, e.textContent ?? ''] as const),
  )) {
    examples.set(id, code);
  }
  scratch = mkdtempSync(join(root, '.tmp', 'dev-examples-'));
});

afterAll(async () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('/developers/ examples work against the real service', () => {
  it('conditional GET: the ETag revalidates to 304', async () => {
    const out = (await sh(example('conditional-get'))).trim().split('\n');
    expect(out[0]).toMatch(/^ETag: "[^"]+"$/);
    expect(out.at(-1)).toBe('304');
  });

  it('search returns a valid response for the filters shown', async () => {
    const body = SearchResponseSchema.parse(JSON.parse(await sh(example('search'))));
    // The sample business has such reviews: an example that finds none would prove nothing.
    expect(body.count).toBeGreaterThanOrEqual(1);
    expect(body.count).toBeLessThanOrEqual(2);
    // Words and a service, not stars: an agent copying the example must not learn to read only the good reviews.
    expect(body.filters).toMatchObject({ query: 'leak', mentions_service: 'roof-replacement', limit: 2 });
    expect(body.filters).not.toHaveProperty('min_rating');
    for (const r of body.reviews) {
      expect(r.text.toLowerCase()).toContain('leak');
      expect(r.services.map((s) => s.id)).toContain('roof-replacement');
    }
  });

  it('ranked search finds leak inspection reviews despite the typos', async () => {
    const body = FindResponseSchema.parse(JSON.parse(await sh(example('find'))));
    expect(body.query).toEqual({ q: 'leek inspction', limit: 3 });
    expect(body.count).toBeGreaterThan(0);
    for (const r of body.reviews) expect(r.highlights.length).toBeGreaterThan(0);
  });

  it('the error example returns 400 with exactly the issues printed on the page', async () => {
    const body = JSON.parse(await sh(example('search-error'))) as { error: string; issues: unknown[] };
    const printed = JSON.parse((await page.textContent('pre[data-example-output="search-error"]'))!) as unknown[];
    expect(typeof body.error, JSON.stringify(body)).toBe('string');
    expect(body.error, JSON.stringify(body)).toMatch(/invalid/i);
    expect(body.issues).toEqual(printed);
  });

  it('since returns the reviews since the date, then 304 with If-Modified-Since', async () => {
    const out = await sh(example('since'));
    const status = out.slice(-4).trim();
    const doc = SinceDocumentSchema.parse(JSON.parse(out.slice(0, -4)));
    expect(doc.count).toBe(doc.reviews.length);
    expect(doc.count).toBeGreaterThanOrEqual(1);
    for (const r of doc.reviews) expect(r.date >= doc.since).toBe(true);
    expect(status).toBe('304');
  });

  it('MCP by curl: initialize, then tools/call search_reviews', async () => {
    const out = await sh(example('mcp-curl'));
    // Responses come as JSON or as SSE `data:` lines, depending on the transport's choice.
    const json = out
      .split('\n')
      .map((l) => l.replace(/^data: /, '').trim())
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { id?: number; result?: { structuredContent?: { count: number } } });
    const call = json.find((m) => m.id === 2);
    expect(call?.result?.structuredContent?.count).toBeGreaterThanOrEqual(1);
    expect(call?.result?.structuredContent?.count).toBeLessThanOrEqual(2);
  });

  it('MCP with the TypeScript SDK, as printed', async () => {
    const file = join(scratch, 'mcp-sdk.mjs');
    writeFileSync(file, example('mcp-sdk'));
    const { stdout } = await run(process.execPath, [file], { cwd: root, timeout: 20_000 });
    expect(stdout).toContain('search_reviews');
  });

  it('the tool list on the page is the server’s tools/list', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.origin}/mcp`)));
    const { tools } = await client.listTools();
    await client.close();
    const onPage = await page.$$eval('[id^="tool_"]', (els) => els.map((e) => e.id.slice('tool_'.length)));
    expect(onPage).toEqual(tools.map((t) => t.name));
    for (const tool of tools) {
      const args = await page.$$eval(`section:has(> [id="tool_${tool.name}"]) tbody tr td:first-child code`, (els) => els.map((e) => e.textContent));
      expect(args, tool.name).toEqual(expect.arrayContaining(Object.keys((tool.inputSchema.properties ?? {}) as object)));
    }
  });

  it('WebSub: a plain-HTTP callback is rejected with 400', async () => {
    const out = (await sh(example('websub-http-rejected'))).trim().split('\n');
    expect(out.at(-1)).toBe('400');
    expect((JSON.parse(out.slice(0, -1).join('\n')) as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
  });

  it('WebSub: the signature check accepts what the hub signs and rejects anything else', async () => {
    const file = join(scratch, 'verify.mjs');
    writeFileSync(file, example('websub-verify'));
    const { isAuthentic } = (await import(file)) as { isAuthentic: (s: string, b: Uint8Array, h: string | null) => boolean };
    const printed = (await page.textContent('[data-example-output="websub-signature"]'))!;
    const [, header] = printed.split(': ');
    const secret = 'a-long-random-secret';
    const body = new TextEncoder().encode('{"version":"https://jsonfeed.org/version/1.1","items":[]}');
    expect(header).toBe(signPayload(secret, body));
    expect(isAuthentic(secret, body, header!)).toBe(true);
    for (const text of ['', 'x', '{"a":1}', 'é'.repeat(1000)]) {
      const bytes = new TextEncoder().encode(text);
      expect(isAuthentic('s3cret', bytes, signPayload('s3cret', bytes))).toBe(true);
      expect(isAuthentic('other', bytes, signPayload('s3cret', bytes))).toBe(false);
    }
    expect(isAuthentic(secret, body, null)).toBe(false);
    expect(isAuthentic(secret, body, 'sha256=00')).toBe(false);
  });

  it('the OpenAPI reference shows every operation and schema of the served document', async () => {
    const doc = (await (await fetch(`${site.origin}/.well-known/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    const shown = await page.$$eval('section[aria-labelledby="page_openapi"] .endpoint h4', (els) =>
      els.map((e) => e.textContent!.replace(/\s+/g, ' ').trim()),
    );
    expect(shown).toEqual(ops);
    const schemas = await page.$$eval('.schema-name', (els) => els.map((e) => e.id.replace('schema-', '')));
    expect(new Set(schemas)).toEqual(new Set(Object.keys(doc.components.schemas)));
  });
});
