import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface SidecarProcess {
  /** http://127.0.0.1:PORT as logged by the process (no trailing slash). */
  url: string;
  pid: number;
  /** Log lines (parsed JSON) seen so far. */
  events: Record<string, unknown>[];
  /** kill -9: no shutdown, claims and connections simply vanish. */
  killHard(): Promise<void>;
  /** SIGTERM: graceful shutdown (in-flight requests finish), resolves when the process exited. */
  stop(): Promise<void>;
}

/**
 * Starts `node sidecar/main.ts` (the real entry point, as `npm start` runs it) with `env` added to
 * this process's environment; resolves once it logs `listening`. SIDECAR_LOG=1 echoes its log.
 */
export async function startSidecarProcess(env: Record<string, string>, label = 'sidecar'): Promise<SidecarProcess> {
  const proc: ChildProcess = spawn(process.execPath, [join(ROOT, 'sidecar', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const events: Record<string, unknown>[] = [];
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start in 60 s: ${stderr}`)), 60_000);
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (process.env.SIDECAR_LOG) process.stderr.write(`[${label}] ${line}\n`);
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      events.push(entry);
      if (entry.event === 'listening' && typeof entry.url === 'string') {
        clearTimeout(timer);
        resolveUrl(entry.url.replace(/\/$/, ''));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    pid: proc.pid!,
    events,
    async killHard() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await exited;
    },
  };
}
