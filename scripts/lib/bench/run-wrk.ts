import { spawn, spawnSync } from 'node:child_process';

export interface WrkOptions {
  port: number;
  /** Path and query of every request (a `script` may write its own). */
  path?: string;
  headers?: Record<string, string>;
  seconds: number;
  /** Open keep-alive connections (wrk -c). */
  connections: number;
  /** A Lua script (wrk -s): requests of its own, its own report on stdout. */
  script?: string;
}

export interface WrkResult {
  /** Requests per second. */
  rps: number;
  /** Non-2xx/3xx answers plus timeouts. */
  errors: number;
  /** p99 latency as wrk prints it ("1.23ms"), or "?" without --latency figures. */
  p99: string;
  /** wrk's whole output (a script's own report lines are in it). */
  output: string;
}

/** Whether wrk (Debian package `wrk`) is installed: the throughput tables need it. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/**
 * Runs wrk (one thread, so it takes one core and leaves the other to the server) against
 * 127.0.0.1:`port` and reads its summary. Asynchronous, so the caller can probe the server meanwhile.
 */
export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    ...(options.script ? ['-s', options.script] : []),
    `http://127.0.0.1:${options.port}${options.path ?? ''}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`wrk ${args.join(' ')} failed (${code}): ${stderr}`));
      else resolve(parseWrk(output));
    });
  });
}

/** The figures of wrk's summary. */
export function parseWrk(output: string): WrkResult {
  const count = (re: RegExp) => Number(re.exec(output)?.[1] ?? 0);
  return {
    rps: count(/Requests\/sec:\s+([\d.]+)/),
    errors: count(/Non-2xx or 3xx responses:\s+(\d+)/) + count(/Socket errors:.*timeout (\d+)/),
    p99: /99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? '?',
    output,
  };
}
