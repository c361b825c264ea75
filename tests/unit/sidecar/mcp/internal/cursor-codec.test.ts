import { createSecretKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorError, createCursorCodec } from '../../../../../sidecar/mcp/internal/cursor-codec.ts';

const codec = createCursorCodec(createSecretKey(Buffer.alloc(32, 5)));
const scope = { operation: 'search_reviews', filters: { rating: 5, query: 'leak', limit: 20 }, dataVersion: 'v1' };

describe('cursor codec', () => {
  it('round-trips the offset, whatever the page size or key order', () => {
    const cursor = codec.cursorEncode(scope, 40);
    expect(codec.cursorDecode(scope, cursor)).toBe(40);
    expect(codec.cursorDecode({ ...scope, filters: { query: 'leak', rating: 5, limit: 100 } }, cursor)).toBe(40);
  });

  it('refuses edited cursors, other tools, other filters and other data, with a message that says what to do', () => {
    const cursor = codec.cursorEncode(scope, 40);
    const edited = `${Buffer.from('{"o":0,"f":"x","d":"v1"}').toString('base64url')}.${cursor.split('.')[1]}`;
    const cases: [typeof scope, string, RegExp][] = [
      [scope, edited, /not a valid search_reviews cursor/],
      [scope, 'garbage', /not a valid/],
      [scope, `${cursor}.x`, /not a valid/],
      [{ ...scope, operation: 'get_reviews_since' }, cursor, /not a valid get_reviews_since cursor/],
      [{ ...scope, filters: { rating: 4, query: 'leak', limit: 20 } }, cursor, /other filters/],
      [{ ...scope, dataVersion: 'v2' }, cursor, /data changed/],
      [scope, createCursorCodec(createSecretKey(Buffer.alloc(32, 6))).cursorEncode(scope, 40), /not a valid/],
    ];
    for (const [s, c, message] of cases) {
      expect(() => codec.cursorDecode(s, c)).toThrow(CursorError);
      expect(() => codec.cursorDecode(s, c)).toThrow(message);
    }
  });
});
