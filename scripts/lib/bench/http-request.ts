import { Client } from 'undici';

/** An answer with its raw bytes (no decompression) and helpers to read it. */
export interface TestResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
  header(name: string): string | undefined;
}

/**
 * HTTP over a real socket with undici's Client (not fetch: fetch adds Cache-Control: no-cache and
 * decompresses). The path is sent as given, percent-encoding and all; bodies come back raw. The tests'
 * and the benches' one HTTP client.
 */
export async function httpRequest(
  client: Client,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<TestResponse> {
  const res = await client.request({ path, method: (init.method ?? 'GET') as 'GET', headers: init.headers, body: init.body });
  const body = Buffer.from(await res.body.arrayBuffer());
  const headers = res.headers as Record<string, string | string[] | undefined>;
  return {
    status: res.statusCode,
    headers,
    body,
    text: () => body.toString('utf8'),
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
    header: (name) => {
      const v = headers[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : v;
    },
  };
}

/** One request on a connection of its own to 127.0.0.1:`port` (a bench's probe between runs). */
export async function httpGet(port: number, path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  const client = new Client(`http://127.0.0.1:${port}`);
  try {
    return await httpRequest(client, path, { headers });
  } finally {
    await client.close();
  }
}
