import type { IncomingMessage } from 'node:http';

/** The body, or why there is none: over the limit (declared or actually sent), or the client went away. */
export type LimitedBody = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over the limit is refused
 * before a byte is read; a chunked body is read only up to the limit, then reading stops (the stream
 * is paused, not drained). After a refusal the caller answers with `Connection: close`, so Node closes
 * the socket once the answer is written instead of reading the rest of the upload.
 */
export function readLimitedBody(req: IncomingMessage, limit: number): Promise<LimitedBody> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: LimitedBody) => {
      req.off('data', onData).off('end', onEnd).off('error', onAborted).off('aborted', onAborted);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.pause();
      settle({ ok: false, reason: 'too_large' });
    };
    const onEnd = () => settle({ ok: true, body: Buffer.concat(chunks, size) });
    const onAborted = () => settle({ ok: false, reason: 'aborted' });
    req.on('data', onData).on('end', onEnd).on('error', onAborted).on('aborted', onAborted);
  });
}
