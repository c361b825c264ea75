import type { IncomingMessage } from 'node:http';
import { discardRest, readLimitedBody, type DrainPolicy } from '../../http/read-limited-body.ts';
import { JsonRpcCode, McpHttpError } from './mcp-http-error.ts';

/**
 * After a 413, up to 8 MiB more is drained so the client reads the answer on a healthy connection that
 * stays open (MCP clients keep one); a larger upload is cut off rather than read to its end.
 */
const MCP_DRAIN: DrainPolicy = { maxBytes: 8 * 1024 * 1024 };

/** Reads the request body with the sidecar's one bounded reader, at most `limit` bytes; more (declared or actual) → 413. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  // A body parser mounted before /mcp would have consumed the stream: fail loudly rather than hang.
  if (req.readableEnded && !(Number(req.headers['content-length']) > limit))
    throw new Error('the request body was already read before the MCP router (mount it before any body parser)');
  const read = await readLimitedBody(req, limit);
  if (read.ok) return read.body;
  if (read.reason === 'aborted') throw new Error('the client went away before its request body was read');
  discardRest(req, MCP_DRAIN);
  throw new McpHttpError(413, JsonRpcCode.InvalidRequest, `Payload Too Large: a POST /mcp body may have at most ${limit} bytes`);
}
