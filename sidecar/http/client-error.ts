import type { Socket } from 'node:net';
import { rawErrorResponse } from './node-level-errors.ts';

/** What Node's HTTP parser rejected, as the status and message we answer with. */
export function classifyClientError(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', message: 'Request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive' };
  return { status: 400, reason: 'Bad Request', message: 'Malformed HTTP request' };
}

/** The raw response for a request Node's parser refused: JSON with the usual headers, like every other error, then close. */
export function clientErrorResponse(code: string | undefined): string {
  const { status, message } = classifyClientError(code);
  return rawErrorResponse(status, message);
}

/**
 * Replaces Node's default `clientError` answer (a bare status line with no body) with a JSON error,
 * then destroys the socket as Node's default does: a client that trickles its request must be cut off,
 * not left half-open. Nothing is written once any byte of a response has gone out.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code !== 'ECONNRESET' && socket.writable && socket.bytesWritten === 0) socket.write(clientErrorResponse(err.code));
  socket.destroy();
}
