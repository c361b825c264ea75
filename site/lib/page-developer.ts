/**
 * The examples and reference tables of /developers/, generated from the real modules (paths, query
 * schema, query parser, signature scheme) so they follow the code. tests/e2e/developer-examples.test.ts
 * runs every example marked on the page against the real sidecar.
 */
import { z } from 'zod';
import type { SiteModel } from '../../core/model/build-site-model.ts';
import { DOCUMENT_PATHS, FEED_SIZE, FIND_PATH, HUB_PATH, MCP_PATH, SEARCH_PATH, SINCE_PREFIX } from '../../core/model/published-paths.ts';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SearchQuerySchema } from '../../core/search/search-query-schema.ts';
import { parseSearchParams } from '../../core/search/parse-search-params.ts';
import { SIGNATURE_HEADER, signPayload } from '../../core/hub/payload-signature.ts';
import type { ErrorIssue } from '../../core/schemas/error-schema.ts';
import { SPEC_PROTOCOL_VERSION } from '../../core/mcp/protocol-versions.ts';

/** MCP protocol version sent in initialize (spec: Versioning): the spec's, from core's one list of versions. */
export const MCP_PROTOCOL_VERSION = SPEC_PROTOCOL_VERSION;

export interface Example {
  /** Stable id: the e2e test finds the example by it (data-example on the page). */
  id: string;
  title: string;
  lang: 'sh' | 'json' | 'js' | 'ts';
  code: string;
}

export interface SearchParamRow {
  name: string;
  type: string;
  description: string;
}

/** The search parameters as the endpoint validates them (SearchQuerySchema → JSON Schema). */
export function searchParamRows(): SearchParamRow[] {
  const json = z.toJSONSchema(SearchQuerySchema, { io: 'input' }) as { properties: Record<string, Record<string, unknown>> };
  return Object.entries(json.properties).map(([name, s]) => {
    const bits: string[] = [String(s.type ?? 'string')];
    if (s.format) bits.push(`(${String(s.format)})`);
    if (s.minimum !== undefined && s.maximum !== undefined) bits.push(`${String(s.minimum)}–${String(s.maximum)}`);
    if (s.maxLength !== undefined) bits.push(`≤ ${String(s.maxLength)} chars`);
    if (s.default !== undefined) bits.push(`default ${JSON.stringify(s.default)}`);
    return { name, type: bits.join(' '), description: String(s.description ?? '') };
  });
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A query string the parser rejects, and the issues it reports: the error example. */
export const BAD_SEARCH_QUERY = 'rating=6&limt=5';

export function badSearchIssues(): ErrorIssue[] {
  const result = parseSearchParams(BAD_SEARCH_QUERY);
  return result.ok ? [] : result.issues;
}

/** A date for the since example: the first day of the newest review's month (or a fixed day). */
export function sinceExampleDate(model: SiteModel): string {
  return model.reviews[0] ? `${model.reviews[0].date.slice(0, 7)}-01` : '2024-01-01';
}

const MCP_HEADERS = `-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'`;

/** Every runnable example of the page. `base` is the public origin (BASE_URL). */
export function developerExamples(model: SiteModel): Record<string, Example> {
  const base = model.baseUrl;
  const since = sinceExampleDate(model);
  const topic = `${base}${DOCUMENT_PATHS.atom}`;
  const list: Example[] = [
    {
      id: 'conditional-get',
      title: 'Download once, then revalidate with the ETag',
      lang: 'sh',
      code: [
        `url=${q(`${base}${DOCUMENT_PATHS.reviews}`)}`,
        `etag=$(curl -sI "$url" | tr -d '\\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')`,
        `echo "ETag: $etag"`,
        `# Same ETag → 304 Not Modified, empty body: nothing to download`,
        `curl -s -o /dev/null -w '%{http_code}\\n' -H "If-None-Match: $etag" "$url"`,
      ].join('\n'),
    },
    {
      id: 'search',
      title: 'Search: "leak" in roof replacements, two results',
      lang: 'sh',
      code: `curl -s ${q(`${base}${SEARCH_PATH}?query=leak&mentions_service=roof-replacement&limit=2`)}`,
    },
    {
      id: 'find',
      title: 'Ranked search, typos and all: "leek inspction", three results',
      lang: 'sh',
      code: `curl -s ${q(`${base}${FIND_PATH}?q=leek+inspction&limit=3`)}`,
    },
    {
      id: 'search-error',
      title: 'An invalid search: 400 with one issue per problem',
      lang: 'sh',
      code: `curl -s ${q(`${base}${SEARCH_PATH}?${BAD_SEARCH_QUERY}`)}`,
    },
    {
      id: 'since',
      title: 'Incremental sync: everything on or after a date',
      lang: 'sh',
      code: [
        `curl -s ${q(`${base}${SINCE_PREFIX}${since}`)}`,
        `# Poll again later without re-downloading: send the Last-Modified value back`,
        `last=$(curl -sI ${q(`${base}${SINCE_PREFIX}${since}`)} | tr -d '\\r' | sed -n 's/^[Ll]ast-[Mm]odified: //p')`,
        `curl -s -o /dev/null -w '%{http_code}\\n' -H "If-Modified-Since: $last" ${q(`${base}${SINCE_PREFIX}${since}`)}`,
      ].join('\n'),
    },
    {
      id: 'mcp-curl',
      title: 'MCP by hand: initialize, then call a tool with the session id',
      lang: 'sh',
      code: [
        `mcp=${q(`${base}${MCP_PATH}`)}`,
        `sid=$(curl -s -D - -o /dev/null "$mcp" ${MCP_HEADERS} \\`,
        `  -d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${MCP_PROTOCOL_VERSION}","capabilities":{},"clientInfo":{"name":"curl","version":"1.0.0"}}}' \\`,
        `  | tr -d '\\r' | sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: //p')`,
        `curl -s "$mcp" ${MCP_HEADERS} -H "Mcp-Session-Id: $sid" -H 'MCP-Protocol-Version: ${MCP_PROTOCOL_VERSION}' \\`,
        `  -d '{"jsonrpc":"2.0","method":"notifications/initialized"}'`,
        `curl -s "$mcp" ${MCP_HEADERS} -H "Mcp-Session-Id: $sid" -H 'MCP-Protocol-Version: ${MCP_PROTOCOL_VERSION}' \\`,
        `  -d '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_reviews","arguments":{"rating":5,"limit":2}}}'`,
      ].join('\n'),
    },
    {
      id: 'mcp-claude-code',
      title: 'Claude Code',
      lang: 'sh',
      code: `claude mcp add --transport http reviews ${base}${MCP_PATH}`,
    },
    {
      id: 'mcp-vscode',
      title: 'VS Code (.vscode/mcp.json)',
      lang: 'json',
      code: JSON.stringify({ servers: { reviews: { type: 'http', url: `${base}${MCP_PATH}` } } }, null, 2),
    },
    {
      id: 'mcp-cursor',
      title: 'Cursor, Windsurf and other clients with an mcpServers file',
      lang: 'json',
      code: JSON.stringify({ mcpServers: { reviews: { url: `${base}${MCP_PATH}` } } }, null, 2),
    },
    {
      id: 'mcp-sdk',
      title: 'TypeScript SDK (@modelcontextprotocol/sdk)',
      lang: 'ts',
      code: [
        `import { Client } from '@modelcontextprotocol/sdk/client/index.js';`,
        `import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';`,
        ``,
        `const client = new Client({ name: 'my-agent', version: '1.0.0' });`,
        `await client.connect(new StreamableHTTPClientTransport(new URL('${base}${MCP_PATH}')));`,
        `const { tools } = await client.listTools();`,
        `console.log(tools.map((t) => t.name));`,
        `const result = await client.callTool({ name: 'search_reviews', arguments: { rating: 5, limit: 2 } });`,
        `console.log(result.content);`,
        `await client.close();`,
      ].join('\n'),
    },
    {
      id: 'websub-subscribe',
      title: 'Subscribe to the Atom feed (the hub answers 202, then verifies your callback)',
      lang: 'sh',
      code: [
        `curl -s -i ${q(`${base}${HUB_PATH}`)} \\`,
        `  -d hub.mode=subscribe \\`,
        `  --data-urlencode hub.topic=${q(topic)} \\`,
        `  --data-urlencode hub.callback=${q('https://subscriber.example/websub/callback')} \\`,
        `  -d hub.lease_seconds=864000 \\`,
        `  --data-urlencode hub.secret=${q('a-long-random-secret')}`,
      ].join('\n'),
    },
    {
      id: 'websub-http-rejected',
      title: 'A plain-HTTP callback is rejected (400 with issues)',
      lang: 'sh',
      code: [
        `curl -s -w '\\n%{http_code}\\n' ${q(`${base}${HUB_PATH}`)} \\`,
        `  -d hub.mode=subscribe --data-urlencode hub.topic=${q(topic)} \\`,
        `  --data-urlencode hub.callback=${q('http://subscriber.example/websub/callback')}`,
      ].join('\n'),
    },
    {
      id: 'websub-verify',
      title: 'Check the signature of a delivery (Node.js)',
      lang: 'js',
      code: [
        `import { createHmac, timingSafeEqual } from 'node:crypto';`,
        ``,
        `/** rawBody: the exact bytes of the POST body; header: its ${SIGNATURE_HEADER} header. */`,
        `export function isAuthentic(secret, rawBody, header) {`,
        `  const expected = Buffer.from('sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex'));`,
        `  const given = Buffer.from(String(header ?? '').trim());`,
        `  return given.length === expected.length && timingSafeEqual(given, expected);`,
        `}`,
      ].join('\n'),
    },
  ];
  return Object.fromEntries(list.map((e) => [e.id, e]));
}

/** A worked signature: what the hub would send for this secret and body (computed by the hub's own signer). */
export function signatureExample(): { secret: string; body: string; header: string; name: string } {
  const secret = 'a-long-random-secret';
  const body = '{"version":"https://jsonfeed.org/version/1.1","items":[]}';
  return { secret, body, header: signPayload(secret, new TextEncoder().encode(body)), name: SIGNATURE_HEADER };
}

export const LIMITS = { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, FEED_SIZE } as const;
