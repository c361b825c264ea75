import type { Client } from 'undici';

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
 * decompresses). The path is sent as given, percent-encoding and all; bodies come back raw.
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
