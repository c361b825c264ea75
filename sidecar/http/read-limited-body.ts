import type { IncomingMessage } from 'node:http';

/** The body, or why there is none: over the limit (declared or actually sent), or the client went away. */
export type LimitedBody = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes. A declared Content-Length over the limit is refused
 * before a byte is read; a chunked body is read only up to the limit, then reading stops (the stream
 * is paused, not drained). After a refusal the caller answers, then calls discardRestThenClose.
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

/** How a refused body's rest is thrown away: how many bytes at most, and how long the request may stay open. */
export interface DrainPolicy {
  /** Past this many discarded bytes the socket is cut. */
  maxBytes: number;
  /** Cut the socket after this long even if the client sends nothing more; no limit when absent. */
  maxMs?: number;
}

/** The hub's policy: 1 MiB, 5 s. Its forms are a few hundred bytes, so a large body is not a real client. */
const CLOSE_SOON: DrainPolicy = { maxBytes: 1024 * 1024, maxMs: 5000 };

/**
 * After an error answer to a request whose body was not read: reads and discards up to `maxBytes`
 * more (closing at once instead would make the kernel reset the connection, and a client still
 * sending would lose the answer), then destroys the socket; with `maxMs`, a client that sends nothing
 * more is cut off after that long. Node would otherwise read an unbounded chunked body to its end to
 * keep the connection alive.
 */
export function discardRest(req: IncomingMessage, policy: DrainPolicy): void {
  if (req.complete || req.destroyed) return;
  let discarded = 0;
  if (policy.maxMs !== undefined) {
    const timer = setTimeout(() => req.destroy(), policy.maxMs);
    timer.unref();
    req.once('close', () => clearTimeout(timer));
  }
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > policy.maxBytes) req.destroy();
  });
  req.resume();
}

/** discardRest with the hub's policy: up to 1 MiB, cut after 5 s. */
export function discardRestThenClose(req: IncomingMessage): void {
  discardRest(req, CLOSE_SOON);
}
