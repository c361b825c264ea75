import { describe, expect, it } from 'vitest';
import { classifyJsonRpc, invalidParams, parseJsonBody } from '../../../../../sidecar/mcp/http/json-rpc-message.ts';
import { McpHttpError } from '../../../../../sidecar/mcp/http/mcp-http-error.ts';
import { assertProtocolVersionHeader, negotiateProtocolVersion } from '../../../../../sidecar/mcp/http/protocol-version.ts';

function refusal(fn: () => unknown): { status: number; code: number } {
  try {
    fn();
  } catch (e) {
    if (e instanceof McpHttpError) return { status: e.status, code: e.code };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('JSON-RPC framing', () => {
  it('malformed JSON → -32700 / 400', () => {
    expect(refusal(() => parseJsonBody(Buffer.from('{"jsonrpc":')))).toEqual({ status: 400, code: -32700 });
  });

  it('classifies requests, notifications and responses', () => {
    expect(classifyJsonRpc({ jsonrpc: '2.0', id: 1, method: 'ping' }).kind).toBe('request');
    expect(classifyJsonRpc({ jsonrpc: '2.0', method: 'notifications/initialized' }).kind).toBe('notification');
    expect(classifyJsonRpc({ jsonrpc: '2.0', id: 'a', result: {} }).kind).toBe('response');
    expect(classifyJsonRpc({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } }).kind).toBe('response');
  });

  it('anything else, batches included → -32600 / 400', () => {
    for (const bad of [
      [],
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }],
      42,
      'ping',
      null,
      {},
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: null, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 7 },
      { jsonrpc: '2.0', id: 1, method: 'ping', extra: true },
    ]) {
      expect(
        refusal(() => classifyJsonRpc(bad)),
        JSON.stringify(bad),
      ).toEqual({ status: 400, code: -32600 });
    }
  });

  it('reports invalid params of known methods and leaves unknown methods to the SDK', () => {
    expect(invalidParams({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} })).toMatch(/params\.name/);
    expect(invalidParams({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: 'nope' } })).toMatch(/arguments/);
    expect(invalidParams({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } })).toMatch(
      /capabilities|clientInfo/,
    );
    expect(invalidParams({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } })).toBeNull();
    expect(invalidParams({ jsonrpc: '2.0', id: 1, method: 'no/such/method', params: { anything: 1 } })).toBeNull();
  });

  it('negotiates 2025-06-18 and 2025-11-25, else offers the newest; bad version headers → 400', () => {
    expect(negotiateProtocolVersion('2025-06-18')).toBe('2025-06-18');
    expect(negotiateProtocolVersion('2025-11-25')).toBe('2025-11-25');
    expect(negotiateProtocolVersion('2024-11-05')).toBe('2025-11-25');
    expect(() => assertProtocolVersionHeader(undefined)).not.toThrow();
    expect(() => assertProtocolVersionHeader('2025-06-18')).not.toThrow();
    expect(refusal(() => assertProtocolVersionHeader('1999-01-01'))).toEqual({ status: 400, code: -32000 });
  });
});
