import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** What a cursor is bound to: the operation, its filters (without page size) and the data version. */
export interface CursorScope {
  operation: string;
  filters: Record<string, unknown>;
  dataVersion: string;
}

/** Why a cursor was refused; the message tells the caller what to do instead. */
export class CursorError extends Error {}

export interface CursorCodec {
  cursorEncode(scope: CursorScope, offset: number): string;
  /** The offset a cursor points at; throws CursorError when it is not valid for this scope. */
  cursorDecode(scope: CursorScope, cursor: string): number;
}

const MAX_OFFSET = 100_000_000;

function canonical(value: Record<string, unknown>): string {
  const entries = Object.entries(value)
    .filter(([k, v]) => k !== 'limit' && k !== 'cursor' && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

function filtersHash(filters: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(filters)).digest('base64url').slice(0, 16);
}

/** The `{o, f, d}` object of a cursor body, or null when the body is not one. */
function parsePayload(body: string): { o: unknown; f: unknown; d: unknown } | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { o, f, d } = value as Record<string, unknown>;
  return typeof f === 'string' && typeof d === 'string' ? { o, f, d } : null;
}

/**
 * Opaque paging cursors: base64url JSON `{o, f, d}` (offset, filters hash, data version) plus an HMAC
 * bound to the operation, so a cursor cannot be edited, moved to another tool, reused with other
 * filters, or read against a newer build (offsets would shift as new reviews arrive first).
 */
export function createCursorCodec(key: KeyObject): CursorCodec {
  const cursorKey = createSecretKey(createHmac('sha256', key).update('shingle-mcp-cursor-v1').digest());
  const sign = (operation: string, body: string) => createHmac('sha256', cursorKey).update(`${operation}|${body}`).digest('base64url').slice(0, 22);
  return {
    cursorEncode(scope, offset) {
      const body = Buffer.from(JSON.stringify({ o: offset, f: filtersHash(scope.filters), d: scope.dataVersion })).toString('base64url');
      return `${body}.${sign(scope.operation, body)}`;
    },
    cursorDecode(scope, cursor) {
      const invalid = () =>
        new CursorError(
          `cursor is not a valid ${scope.operation} cursor: pass the nextCursor of a previous ${scope.operation} result unchanged, or omit cursor to start at the first page`,
        );
      const [body, mac, extra] = cursor.split('.');
      const expected = body ? Buffer.from(sign(scope.operation, body)) : null;
      if (extra !== undefined || !body || !mac || !expected || expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac)))
        throw invalid();
      // A correctly signed body we did not write (whoever holds the key can sign anything) gets the
      // same fixed answer: never a parser's exception text.
      const payload = parsePayload(body);
      if (!payload) throw invalid();
      if (payload.d !== scope.dataVersion) {
        throw new CursorError(
          'cursor is stale: the review data changed since it was issued. Repeat the call without cursor to start again at the first page',
        );
      }
      if (payload.f !== filtersHash(scope.filters)) {
        throw new CursorError(
          'cursor was issued for other filters: repeat exactly the filters of the call that returned it (limit may differ), or omit cursor',
        );
      }
      if (typeof payload.o !== 'number' || !Number.isInteger(payload.o) || payload.o < 0 || payload.o > MAX_OFFSET) {
        throw invalid();
      }
      return payload.o;
    },
  };
}
