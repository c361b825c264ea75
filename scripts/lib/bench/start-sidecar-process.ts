import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { READY_TIMEOUT_MS, readyWithin } from '../wait-until-ready.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** How much of the child's stderr a start-up failure quotes. */
const STDERR_TAIL_CHARS = 4_000;

export interface SidecarProcessOptions {
  /** Settings added to this process's environment (PORT '0' is fine: the URL comes from the log). */
  env: Record<string, string>;
  /** Names the process in errors and in the echoed log. */
  label?: string;
  /** Node flags before the entry point (`--max-semi-space-size=16`, as `npm start` passes). */
  nodeFlags?: readonly string[];
  /** The checkout whose sidecar/main.ts runs (default: this one; the flood bench compares another). */
  root?: string;
  /**
   * Keep parsing the log after start-up into `events` (default true). Benches say false: under wrk a
   * log line a request would load the bench process; the log is then drained unread.
   */
  keepEvents?: boolean;
  timeoutMs?: number;
}

export interface SidecarProcess {
  /** http://127.0.0.1:PORT as logged by the process (no trailing slash). */
  url: string;
  port: number;
  pid: number;
  /** Log lines (parsed JSON) seen so far (only those up to `listening` when `keepEvents` is false). */
  events: Record<string, unknown>[];
  /** kill -9: no shutdown, claims and connections simply vanish. */
  killHard(): Promise<void>;
  /** SIGTERM: graceful shutdown (in-flight requests finish), resolves when the process exited. */
  stop(): Promise<void>;
}

/**
 * Starts `node sidecar/main.ts` (the real entry point, as `npm start` runs it) and resolves once it logs
 * `listening`. The one sidecar launcher of the benches and the tests. Fails loudly — the child killed,
 * its stderr quoted — when the process exits first or is not listening within the time.
 * SIDECAR_LOG=1 echoes its log.
 */
export async function startSidecarProcess(options: SidecarProcessOptions): Promise<SidecarProcess> {
  const label = options.label ?? 'sidecar';
  const root = options.root ?? ROOT;
  const proc = spawn(process.execPath, [...(options.nodeFlags ?? []), join(root, 'sidecar', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-STDERR_TAIL_CHARS);
    if (process.env.SIDECAR_LOG) process.stderr.write(d);
  });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const events: Record<string, unknown>[] = [];
  const lines = createInterface({ input: proc.stdout });
  const listening = new Promise<string>((resolveUrl) => {
    lines.on('line', (line) => {
      if (process.env.SIDECAR_LOG) process.stderr.write(`[${label}] ${line}\n`);
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      events.push(entry);
      if (entry.event === 'listening' && typeof entry.url === 'string') resolveUrl(entry.url.replace(/\/$/, ''));
    });
  });
  let url: string;
  try {
    url = await readyWithin(label, proc, listening, options.timeoutMs ?? READY_TIMEOUT_MS);
  } catch (e) {
    proc.kill('SIGKILL');
    await exited;
    throw new Error(`${(e as Error).message}: ${stderr.trim() || '(no stderr)'}`);
  }
  if (options.keepEvents === false && !process.env.SIDECAR_LOG) {
    lines.close();
    proc.stdout.resume();
  }
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  return {
    url,
    port: Number(new URL(url).port),
    pid: proc.pid!,
    events,
    async killHard() {
      if (!alive()) return;
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
