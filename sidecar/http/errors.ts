import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import type { ErrorBody, ErrorIssue } from '../../core/schemas/error-schema.ts';
import type { Logger } from '../logger.ts';

/** An error that becomes a JSON response; toJSON() is all the client sees. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly issues: ErrorIssue[];
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, issues: ErrorIssue[] = [], headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.issues = issues;
    this.headers = headers;
  }

  toJSON(): ErrorBody {
    return { error: this.message, issues: this.issues };
  }
}

/**
 * The one JSON error writer of the sidecar's request pipelines (Express routes, the fast handlers, the
 * Node-level refusals, /mcp): `headers` first, then the JSON body with its type and length; no body to a HEAD.
 */
export function writeJsonError(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Iterable<readonly [string, string]>,
  head: boolean,
): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  res.end(head ? undefined : bytes);
}

/** Writes a JSON error body (the ErrorBody shape), never cached. */
export function sendError(res: ServerResponse, error: HttpError, head = false): void {
  writeJsonError(res, error.status, error, [...Object.entries(error.headers), ['Cache-Control', 'no-store']], head);
}

/** 405 with the Allow header listing what the resource does support (RFC 9110 §15.5.6). */
export function methodNotAllowed(method: string, allow: string[]): HttpError {
  return new HttpError(405, `Method ${method.slice(0, 20)} not allowed; use ${allow.join(', ')}`, [], { Allow: allow.join(', ') });
}

/** A 4xx carried by a library error (body-parser, router) keeps its status; anything else is a generic 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const status = (err as { status?: unknown; statusCode?: unknown }).status ?? (err as { statusCode?: unknown }).statusCode;
    let error: HttpError;
    if (err instanceof HttpError) error = err;
    else if (typeof status === 'number' && status >= 400 && status < 500) {
      error = new HttpError(status, (err as { expose?: boolean }).expose ? String((err as Error).message) : (STATUS_CODES[status] ?? 'Bad Request'));
    } else {
      logger.error('unhandled_error', { method: req.method, path: req.path.slice(0, 200), error: err instanceof Error ? err.stack : String(err) });
      error = new HttpError(500, 'Internal Server Error');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, error, req.method === 'HEAD');
  };
}
