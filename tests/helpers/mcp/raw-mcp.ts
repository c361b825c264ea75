import { request } from 'undici';

export const ACCEPT_BOTH = 'application/json, text/event-stream';
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-http-test', version: '1.0.0' } },
} as const;

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/** One HTTP exchange with undici (not fetch, which adds headers of its own). */
export async function raw(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const res = await request(url, { method: (opts.method ?? 'POST') as 'POST', headers: opts.headers ?? {}, body: opts.body ?? null });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

/** POST one JSON-RPC message with the headers a well-behaved client sends. */
export function post(url: string, message: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw(url, { headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH, ...headers }, body: JSON.stringify(message) });
}

/** initialize + notifications/initialized; returns the session id. */
export async function openSession(url: string): Promise<string> {
  const res = await post(url, INITIALIZE);
  const id = res.headers['mcp-session-id'];
  if (res.status !== 200 || typeof id !== 'string') throw new Error(`initialize failed: ${res.status} ${res.text}`);
  const ack = await post(
    url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
  );
  if (ack.status !== 202) throw new Error(`initialized notification: ${ack.status}`);
  return id;
}

/** A request within a session. */
export function call(
  url: string,
  session: string,
  method: string,
  params: Record<string, unknown> = {},
  id: number | string = 2,
): Promise<RawResponse> {
  return post(url, { jsonrpc: '2.0', id, method, params }, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' });
}
