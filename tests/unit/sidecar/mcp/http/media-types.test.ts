import { describe, expect, it } from 'vitest';
import { acceptsJsonAndEventStream, isJsonContentType } from '../../../../../sidecar/mcp/http/media-types.ts';

describe('Accept and Content-Type', () => {
  it('requires both application/json and text/event-stream in Accept', () => {
    expect(acceptsJsonAndEventStream('application/json, text/event-stream')).toBe(true);
    expect(acceptsJsonAndEventStream('text/event-stream;q=0.5, APPLICATION/JSON')).toBe(true);
    for (const partial of [undefined, '', 'application/json', 'text/event-stream', '*/*', 'application/json, text/event-stream;q=0']) {
      expect(acceptsJsonAndEventStream(partial)).toBe(false);
    }
  });

  it('accepts application/json with parameters only', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    for (const other of [undefined, 'text/plain', 'application/json-patch+json', 'application/x-www-form-urlencoded'])
      expect(isJsonContentType(other)).toBe(false);
  });
});
