import type { IncomingMessage } from 'node:http';
import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';

/** Past this many discarded bytes an oversized upload is cut off instead of drained. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

function tooLarge(limit: number): McpHttpError {
  return new McpHttpError(413, JsonRpcCode.InvalidRequest, `Payload Too Large: a POST /mcp body may have at most ${limit} bytes`);
}

/**
 * Drains the rest of a refused body so the client can read our 413 on a healthy connection, but
 * cuts a huge upload off rather than reading it all.
 */
function discardRest(req: IncomingMessage): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}

/** Reads the request body, at most `limit` bytes; more (declared or actual) → 413. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    discardRest(req);
    return Promise.reject(tooLarge(limit));
  }
  // A body parser mounted before /mcp would have consumed the stream: fail loudly rather than hang.
  if (req.readableEnded)
    return Promise.reject(new Error('the request body was already read before the MCP router (mount it before any body parser)'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      cleanup();
      discardRest(req);
      reject(tooLarge(limit));
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
