import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

export interface RunningSidecar {
  /** Origin the sidecar listens on, e.g. http://127.0.0.1:41234 */
  origin: string;
  stop(): Promise<void>;
}

/** Copies a build so a concurrent rebuild of the shared test dist (another test run) cannot swap it away. */
function privateCopy(distDir: string, scratch: string): string {
  const copy = join(scratch, 'dist');
  for (let attempt = 0; ; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    try {
      cpSync(distDir, copy, { recursive: true });
      if (existsSync(join(copy, 'build-manifest.json'))) return copy;
    } catch (e) {
      if (attempt >= 5) throw e;
    }
    if (attempt >= 5) throw new Error(`${distDir} has no build-manifest.json`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300); // a rebuild is swapping it in
  }
}

/**
 * Starts the real sidecar (`node sidecar/main.ts`) on a free port over a private copy of an existing
 * build, and waits for its "listening" log line. Nothing is rebuilt (BUILD_ON_START=never); the hub gets
 * a throwaway database. Used until tests/helpers provides a shared start-server helper.
 */
export async function startSidecar(distDir: string, baseUrl: string, extraEnv: Record<string, string> = {}): Promise<RunningSidecar> {
  const scratch = mkdtempSync(join(tmpdir(), 'shingle-e2e-'));
  const served = privateCopy(distDir, scratch);
  const child: ChildProcess = spawn(process.execPath, [join(root, 'sidecar/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: served,
      BASE_URL: baseUrl,
      BUILD_ON_START: 'never',
      WATCH_INTERVAL_MS: '0',
      LOG_REQUESTS: 'false',
      HUB_DB_PATH: join(scratch, 'hub.db'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const origin = await new Promise<string>((resolveOrigin, reject) => {
    const timer = setTimeout(() => reject(new Error(`sidecar did not start within 30 s:\n${log}`)), 30_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      for (const line of log.split('\n')) {
        if (!line.includes('"listening"')) continue;
        try {
          const url = (JSON.parse(line) as { url?: string }).url;
          if (url) {
            clearTimeout(timer);
            resolveOrigin(url.replace(/\/$/, ''));
            return;
          }
        } catch {
          // a partial line: wait for more output
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sidecar exited with ${code}:\n${log}`));
    });
  });
  return {
    origin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Builds a content folder into a fresh dist with `node scripts/build.ts` (a child process, like CI). */
export async function buildContent(contentDir: string, distDir: string, baseUrl: string): Promise<void> {
  const child = spawn(process.execPath, [join(root, 'scripts/build.ts')], {
    cwd: root,
    env: { ...process.env, CONTENT_DIR: contentDir, DIST_DIR: distDir, BASE_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`build of ${contentDir} failed (${code}):\n${out}`);
}
