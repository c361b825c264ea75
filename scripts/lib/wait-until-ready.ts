import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';

/** How long a bench waits for a server it started before it gives up (a 100k-review sidecar loads in ~20 s). */
export const READY_TIMEOUT_MS = 180_000;
const POLL_MS = 100;

export interface HttpReadiness {
  /** What the server is, for the error ("nginx", "sidecar"). */
  name: string;
  port: number;
  /** A path the server must answer with `status` once it is ready. */
  path: string;
  /**
   * The exact status that means ready (default 200): a 404 from a foreign server on the port is not.
   * 'any' takes any HTTP answer (an nginx whose every path goes to upstreams that may not run yet).
   */
  status?: number | 'any';
  /** The process that should be answering: its exit ends the wait at once. */
  child?: ChildProcess;
  timeoutMs?: number;
}

function statusOf(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('timeout', () => req.destroy(new Error('no answer in 5 s')));
    req.once('error', reject);
    req.end();
  });
}

const exitText = (child: ChildProcess) => `exited (${child.exitCode ?? child.signalCode})`;

/**
 * Waits until `GET path` on the loopback port answers exactly `status`. Fails loudly — never returns as
 * if ready — when the process exits first or the time runs out, naming the server, the address and the
 * last answer (a benchmark that measured a server that never came up would print numbers about nothing).
 */
export async function waitUntilReady(options: HttpReadiness): Promise<void> {
  const { name, port, path, child } = options;
  const want = options.status ?? 200;
  const end = Date.now() + (options.timeoutMs ?? READY_TIMEOUT_MS);
  let last = 'no answer';
  while (Date.now() < end) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${name} on 127.0.0.1:${port} ${exitText(child)} before it was ready (last: ${last})`);
    }
    try {
      const status = await statusOf(port, path);
      if (status === want || want === 'any') return;
      last = `status ${status} for ${path}, expected ${want}`;
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(
    `${name} on 127.0.0.1:${port} was not ready after ${((options.timeoutMs ?? READY_TIMEOUT_MS) / 1000).toFixed(1)} s (last: ${last})`,
  );
}

/**
 * Waits for a readiness signal that is not HTTP (an IPC message, a line on stdout): `ready` settles it.
 * Fails loudly when the child exits first or the time runs out; the timer never keeps the process alive.
 */
export function readyWithin<T>(name: string, child: ChildProcess, ready: Promise<T>, timeoutMs = READY_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} was not ready after ${(timeoutMs / 1000).toFixed(1)} s`)), timeoutMs);
    timer.unref();
    const onExit = () => reject(new Error(`${name} ${exitText(child)} before it was ready`));
    child.once('exit', onExit);
    ready.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      child.off('exit', onExit);
    });
  });
}
