/**
 * Raw HTTP behaviour of POST/DELETE /mcp against the real app on a real socket (undici, not fetch):
 * every status of the MCP issue's lifecycle and transport items.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCEPT_BOTH, call, INITIALIZE, openSession, post, raw } from '../helpers/mcp/raw-mcp.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

const IDLE_SECONDS = 120;
let clock = Date.UTC(2026, 10, 20, 12);
let sidecar: TestSidecar;
let url: string;

beforeAll(async () => {
  sidecar = await startSidecar({
    distDir: inject('distDir'),
    baseUrl: inject('baseUrl'),
    env: {
      MCP_SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
      MCP_MAX_BODY_BYTES: '4096',
      MCP_ALLOWED_ORIGINS: 'https://agent.example,http://localhost:*',
    },
    mcpWallClock: () => clock,
  });
  url = sidecar.mcpUrl;
});
afterAll(() => sidecar.close());

const jsonRpcError = (code: number) => ({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });

describe('initialize and sessions', () => {
  it('initialize → 200 with a session id header, instructions and the negotiated version', async () => {
    const res = await post(url, INITIALIZE);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['mcp-session-id']).toMatch(/^[\x21-\x7e]+$/);
    expect(res.json.result).toMatchObject({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      serverInfo: { name: 'shingle-reviews' },
      instructions: expect.stringContaining('search_reviews'),
    });
  });

  it('negotiates 2025-11-25 too, and offers the newest version for one it does not speak', async () => {
    const newest = await post(url, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2025-11-25' } });
    expect(newest.json.result.protocolVersion).toBe('2025-11-25');
    const old = await post(url, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2024-11-05' } });
    expect(old.json.result.protocolVersion).toBe('2025-11-25');
  });

  it('a request without Mcp-Session-Id → 400', async () => {
    const res = await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(jsonRpcError(-32000));
    expect(res.json.error.message).toMatch(/Mcp-Session-Id header is required/);
  });

  it('an id this server did not issue → 404 (so clients re-initialize)', async () => {
    const forged = 's1.AAAAAAAAAAAAAAAAAAAAAA.1795000000.1795000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    for (const id of ['unknown', forged]) {
      const res = await call(url, id, 'tools/list');
      expect(res.status).toBe(404);
      expect(res.json).toEqual(jsonRpcError(-32001));
    }
  });

  it('a session serves requests, is renewed as time passes, and expires after the idle window → 404', async () => {
    const session = await openSession(url);
    expect((await call(url, session, 'tools/list')).status).toBe(200);
    clock += 60_000;
    const res = await call(url, session, 'ping');
    expect(res.status).toBe(200);
    const renewed = res.headers['mcp-session-id'] as string;
    expect(renewed).not.toBe(session);
    clock += 61_000; // the first id is now 121 s old, the renewed one 61 s
    const old = await call(url, session, 'ping');
    expect(old.status).toBe(404);
    // Not "without requests": the session was in use; the message says which id to send.
    expect(old.json.error.message).toMatch(
      /this session id is more than \d+ s old \(send the Mcp-Session-Id of the latest answer, which renews it\)/,
    );
    expect((await call(url, renewed, 'ping')).status).toBe(200);
    clock += (IDLE_SECONDS + 1) * 1000;
    const expired = await call(url, renewed, 'ping');
    expect(expired.status).toBe(404);
    expect(expired.json.error.message).toMatch(/more than \d+ s old/);
  });

  it('DELETE ends a session: 204, then 404 for its ids; without an id → 400', async () => {
    const session = await openSession(url);
    const del = await raw(url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
    expect(del.status).toBe(204);
    expect((await call(url, session, 'tools/list')).status).toBe(404);
    expect((await raw(url, { method: 'DELETE', headers: { 'mcp-session-id': session } })).status).toBe(404);
    const missing = await raw(url, { method: 'DELETE' });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual(jsonRpcError(-32000));
  });

  it('an unsupported MCP-Protocol-Version header → 400', async () => {
    const session = await openSession(url);
    const res = await post(url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-session-id': session, 'mcp-protocol-version': '2099-01-01' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/unsupported MCP-Protocol-Version.*2025-11-25, 2025-06-18/);
    const ok = await post(url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' });
    expect(ok.status).toBe(200);
  });
});

describe('transport hygiene', () => {
  it('missing or partial Accept → 406 with a JSON-RPC error body', async () => {
    for (const accept of [undefined, 'application/json', 'text/event-stream', 'text/html']) {
      const res = await raw(url, { headers: { 'content-type': 'application/json', ...(accept && { accept }) }, body: JSON.stringify(INITIALIZE) });
      expect(res.status, String(accept)).toBe(406);
      expect(res.json).toEqual(jsonRpcError(-32000));
    }
  });

  it('a body that is not JSON by Content-Type → 415', async () => {
    const res = await raw(url, { headers: { 'content-type': 'text/plain', accept: ACCEPT_BOTH }, body: JSON.stringify(INITIALIZE) });
    expect(res.status).toBe(415);
  });

  it('notifications and responses → 202 with no body', async () => {
    const session = await openSession(url);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    for (const message of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } },
      { jsonrpc: '2.0', id: 5, result: {} },
      { jsonrpc: '2.0', id: 6, error: { code: -1, message: 'no' } },
    ]) {
      const res = await post(url, message, headers);
      expect(res.status, JSON.stringify(message)).toBe(202);
      expect(res.text).toBe('');
    }
  });

  it('malformed JSON → 400 with -32700', async () => {
    const res = await raw(url, { headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH }, body: '{"jsonrpc":"2.0",' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(jsonRpcError(-32700));
  });

  it('valid JSON that is not one JSON-RPC message → 400 with -32600', async () => {
    for (const body of [
      '[]',
      JSON.stringify([INITIALIZE]),
      '"initialize"',
      '42',
      'null',
      '{"id":1,"method":"initialize"}',
      '{"jsonrpc":"2.0","id":{},"method":"ping"}',
    ]) {
      const res = await raw(url, { headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH }, body });
      expect(res.status, body).toBe(400);
      expect(res.json, body).toEqual(jsonRpcError(-32600));
    }
  });

  it('an unknown method → -32601 answered to its id (HTTP 200: the exchange itself worked)', async () => {
    const session = await openSession(url);
    const res = await call(url, session, 'tools/delete', {}, 'abc');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 'abc', error: { code: -32601 } });
  });

  it('invalid params, an unknown tool name included → -32602 (HTTP 200)', async () => {
    const session = await openSession(url);
    const unknownTool = await call(url, session, 'tools/call', { name: 'drop_table', arguments: {} }, 7);
    expect(unknownTool.status).toBe(200);
    expect(unknownTool.json).toMatchObject({ id: 7, error: { code: -32602, message: expect.stringMatching(/Unknown tool "drop_table"/) } });
    for (const params of [{}, { name: 42 }, { name: 'get_review', arguments: 'id=1' }]) {
      const res = await call(url, session, 'tools/call', params, 8);
      expect(res.json, JSON.stringify(params)).toMatchObject({
        id: 8,
        error: { code: -32602, message: expect.stringMatching(/^Invalid params for tools\/call/) },
      });
    }
    const badInit = await post(url, { jsonrpc: '2.0', id: 9, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    expect(badInit.json).toMatchObject({ id: 9, error: { code: -32602 } });
    expect(badInit.headers['mcp-session-id']).toBeUndefined();
  });

  it('invalid tool arguments → a tool result with isError: true, not a protocol error', async () => {
    const session = await openSession(url);
    const res = await call(url, session, 'tools/call', { name: 'search_reviews', arguments: { rating: 'five' } });
    expect(res.status).toBe(200);
    expect(res.json.result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/rating: .*expected number/) }] });
  });

  it('GET → 405 with Allow (no SSE stream); other verbs → 405 with Allow', async () => {
    const get = await raw(url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST, DELETE, OPTIONS');
    expect(get.json).toEqual(jsonRpcError(-32000));
    for (const method of ['PUT', 'PATCH', 'HEAD']) {
      const res = await raw(url, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('POST, DELETE, OPTIONS');
    }
  });

  it('a body over MCP_MAX_BODY_BYTES → 413 with a JSON body, declared or chunked', async () => {
    const big = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'x'.repeat(5000), version: '1' } } });
    const declared = await raw(url, { headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH }, body: big });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual(jsonRpcError(-32600));
    const { request } = await import('undici');
    const chunked = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH },
      body: Readable.from([big.slice(0, 3000), big.slice(3000)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect(await chunked.body.json()).toEqual(jsonRpcError(-32600));
  });
});

describe('origin validation and CORS', () => {
  it('an Origin that is not allowed → 403, whatever the request', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
      const res = await post(url, INITIALIZE, { origin });
      expect(res.status, origin).toBe(403);
      expect(res.json).toEqual(jsonRpcError(-32000));
    }
    const del = await raw(url, { method: 'DELETE', headers: { origin: 'https://evil.example', 'mcp-session-id': 'x' } });
    expect(del.status).toBe(403);
    // Its preflight too (docs/mcp.md): a page elsewhere cannot call /mcp unless MCP_ALLOWED_ORIGINS names it.
    const preflight = await raw(url, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
  });

  it('no Origin (server-side clients) and allowed origins pass; allowed origins can read Mcp-Session-Id', async () => {
    expect((await post(url, INITIALIZE)).status).toBe(200);
    for (const origin of ['https://agent.example', 'http://localhost:6274', new URL(inject('baseUrl')).origin]) {
      const res = await post(url, INITIALIZE, { origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/Mcp-Session-Id/i);
    }
  });

  it('answers the CORS preflight for the MCP headers', async () => {
    const res = await raw(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://agent.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id, mcp-protocol-version, last-event-id',
      },
    });
    expect(res.status).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']) expect(allowed).toContain(h);
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/POST/);
  });

  it('refuses the preflight of an origin that is not allowed (the public-data CORS does not answer for /mcp)', async () => {
    const res = await raw(url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
