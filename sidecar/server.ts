import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SidecarConfig } from './config.ts';
import { answerClientError } from './http/client-error.ts';
import { answerExpectationFailed, withFramingChecks } from './http/node-level-errors.ts';

export type ServerLimits = Pick<
  SidecarConfig,
  'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'CONNECTIONS_CHECKING_INTERVAL_MS' | 'MAX_HEADER_BYTES'
>;

export interface RunningServer {
  server: Server;
  /** http://host:port as actually bound (PORT=0 picks a free port). */
  url: string;
  /**
   * Graceful stop: no new connections, idle keep-alive connections closed, in-flight requests
   * finish; after `timeoutMs` the remaining connections are cut. Resolves when all are gone.
   */
  shutdown(timeoutMs: number): Promise<{ forced: boolean }>;
}

/**
 * An HTTP server whose timeouts actually cut slow clients off: a client gets HEADERS_TIMEOUT_MS to
 * send its headers and REQUEST_TIMEOUT_MS for the whole request (answered 408, then closed),
 * enforced every CONNECTIONS_CHECKING_INTERVAL_MS; larger headers than MAX_HEADER_BYTES get 431.
 */
export function startServer(
  listener: RequestListener,
  limits: ServerLimits,
  host: string,
  port: number,
  onError: (error: Error) => void = () => {},
): Promise<RunningServer> {
  const server = createServer(
    {
      headersTimeout: limits.HEADERS_TIMEOUT_MS,
      requestTimeout: Math.max(limits.REQUEST_TIMEOUT_MS, limits.HEADERS_TIMEOUT_MS),
      keepAliveTimeout: limits.KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: limits.CONNECTIONS_CHECKING_INTERVAL_MS,
      maxHeaderSize: limits.MAX_HEADER_BYTES,
      // Checked by withFramingChecks instead, which answers in JSON with the usual headers.
      requireHostHeader: false,
    },
    withFramingChecks(listener),
  );
  server.on('clientError', answerClientError);
  answerExpectationFailed(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // Once listening, the server emits 'error' when accepting a connection fails (ENFILE, ENOMEM, EMFILE past libuv's
      // reserve): without a listener that would end the process; the connection is lost, the server goes on.
      server.on('error', onError);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ server, url: `http://${shownHost}:${address.port}`, shutdown: (ms) => shutdown(server, ms) });
    });
  });
}

function shutdown(server: Server, timeoutMs: number): Promise<{ forced: boolean }> {
  return new Promise((resolve) => {
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      server.closeAllConnections();
    }, timeoutMs);
    timer.unref();
    // close() stops accepting and closes the idle keep-alive connections; a busy one finishes its
    // response and becomes idle, so idle connections are closed again until none is left.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve({ forced });
    });
  });
}
