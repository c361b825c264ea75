import { STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { CORS_HEADERS } from '../../core/http/response-headers.ts';
import { writeJsonError } from './errors.ts';
import { captureHeaders, securityHeaders } from './security-headers.ts';

let headers: [string, string][] | undefined;

/**
 * The headers of every error answered below the application (CORS, the security headers,
 * no-store), so a request Node or the framing checks refuse looks like any other JSON error.
 */
export function nodeErrorHeaders(): readonly [string, string][] {
  headers ??= [...CORS_HEADERS, ...captureHeaders(securityHeaders()), ['Cache-Control', 'no-store']];
  return headers;
}

/** The ErrorBody JSON of a Node-level refusal. */
function errorJson(message: string): string {
  return JSON.stringify({ error: message, issues: [] });
}

/** A complete raw HTTP/1.1 error response (for the `clientError` socket, where no ServerResponse exists). */
export function rawErrorResponse(status: number, message: string): string {
  const body = errorJson(message);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  for (const [name, value] of nodeErrorHeaders()) lines.push(`${name}: ${value}`);
  lines.push('Connection: close', '', body);
  return lines.join('\r\n');
}

/** Answers with a JSON error and closes the connection afterwards (the framing is not to be trusted). */
function refuse(res: ServerResponse, status: number, message: string): void {
  writeJsonError(res, status, { error: message, issues: [] }, [...nodeErrorHeaders(), ['Connection', 'close']], res.req.method === 'HEAD');
}

/**
 * Checks Node leaves to the server (it is created with `requireHostHeader: false`, so that a missing
 * Host gets a JSON answer rather than a bare 400): HTTP/1.1 without Host (RFC 9112 §3.2), and an
 * HTTP/1.0 message with Transfer-Encoding, whose framing must be treated as faulty (RFC 9112 §6.1).
 * Both are answered 400 and the connection closed; anything else goes to `listener`.
 */
export function withFramingChecks(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.httpVersion === '1.1' && req.headers.host === undefined) return refuse(res, 400, 'Missing Host header');
    if (req.httpVersion === '1.0' && req.headers['transfer-encoding'] !== undefined) {
      return refuse(res, 400, 'Transfer-Encoding is not allowed in an HTTP/1.0 request');
    }
    listener(req, res);
  };
}

/** `Expect` other than 100-continue: 417 as JSON with the usual headers (Node's default is a bare 417). */
export function answerExpectationFailed(server: Server): void {
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) =>
    refuse(res, 417, 'Unsupported Expect header; only 100-continue is supported'),
  );
}
