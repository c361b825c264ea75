import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBinary } from '../find-binary.ts';
import { waitUntilReady } from '../wait-until-ready.ts';
import { freePort } from './free-port.ts';

/** Where Debian (and a hand-built nginx) put the binary. */
const NGINX_DIRS = ['/usr/sbin', '/usr/local/sbin', '/usr/bin'];
/** nginx answers in milliseconds; a start that takes longer has failed. */
const NGINX_READY_MS = 10_000;
/** How long a graceful stop (SIGQUIT: finish requests) may take before SIGKILL. */
const NGINX_QUIT_MS = 5_000;
/**
 * After SIGHUP the master starts new workers and retires the old ones; nginx signals neither. A short
 * pause before polling keeps a request from being answered by an old worker with the old configuration.
 */
const NGINX_RELOAD_SETTLE_MS = 300;

export interface NginxServer {
  port: number;
  url: string;
  pid: number;
  /** Replaces the http-level configuration and reloads (SIGHUP); waits until the new workers answer. */
  reload(httpBlock: string): Promise<void>;
  close(): Promise<void>;
}

export interface NginxReadiness {
  /** The path polled until it answers (default `/__nginx_ready`). */
  path?: string;
  /** The status that means ready (default: any answer at all; a static tier says 200 for a file it serves). */
  status?: number | 'any';
}

/**
 * Starts Debian's nginx (package `nginx-light`) in the foreground with a configuration of our own in
 * a temporary prefix: the one nginx launcher of the benches and the tests. `httpBlock` is what goes
 * inside `http { }`; `{{PORT}}` in it is replaced by a free loopback port. Temp paths, pid and logs stay
 * in the prefix; as root, workers run as root so they can read a dist/ under a private folder (as
 * `nobody` every try_files answered 404). A configuration nginx -t refuses, or a server that never
 * answers, fails loudly with the child killed and the prefix removed.
 */
export async function startNginx(httpBlock: string, readiness: NginxReadiness = {}): Promise<NginxServer> {
  const nginx = findBinary('nginx', 'nginx-light', NGINX_DIRS);
  const dir = mkdtempSync(join(tmpdir(), 'shingle-nginx-'));
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'tmp', t), { recursive: true });
  const port = await freePort();
  const confPath = join(dir, 'nginx.conf');
  const write = (block: string) => writeFileSync(confPath, nginxConf(dir, block.replaceAll('{{PORT}}', String(port))));
  write(httpBlock);
  let proc: ChildProcess | undefined;
  try {
    await checkConf(nginx, dir, confPath);
    proc = spawn(nginx, ['-p', dir, '-c', confPath, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const child = proc;
    const ready = () =>
      waitUntilReady({
        name: 'nginx',
        port,
        path: readiness.path ?? '/__nginx_ready',
        status: readiness.status ?? 'any',
        child,
        timeoutMs: NGINX_READY_MS,
      }).catch((e: Error) => {
        throw new Error(`${e.message}\n${stderr}${errorLog(dir)}`);
      });
    await ready();
    return {
      port,
      url: `http://127.0.0.1:${port}`,
      pid: child.pid!,
      async reload(block) {
        write(block);
        child.kill('SIGHUP');
        await new Promise((r) => setTimeout(r, NGINX_RELOAD_SETTLE_MS));
        await ready();
      },
      async close() {
        await quit(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    if (proc) await quit(proc);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

function nginxConf(dir: string, httpBlock: string): string {
  return `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${httpBlock}
}
`;
}

/** nginx's own error log (why it refused to serve), empty when it wrote none. */
function errorLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

/** `nginx -t`: a configuration error is reported with the configuration, not as a server that never answered. */
async function checkConf(nginx: string, dir: string, confPath: string): Promise<void> {
  const test = spawn(nginx, ['-t', '-p', dir, '-c', confPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  test.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const ok = await new Promise<boolean>((resolve) => test.once('exit', (code) => resolve(code === 0)));
  if (!ok) throw new Error(`nginx -t failed:\n${output}\n${readFileSync(confPath, 'utf8')}`);
}

/** SIGQUIT (graceful), then SIGKILL if nginx has not exited in time. */
async function quit(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGQUIT');
  const timer = setTimeout(() => proc.kill('SIGKILL'), NGINX_QUIT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * nginx running the build's own dist/nginx.conf (what an operator includes), with only the three lines
 * an operator edits replaced: the upstream (the given sidecars), the listen line (a free loopback
 * port) and the root (the given dist/).
 */
export async function startShippedNginx(distDir: string, sidecarUrls: readonly string[]): Promise<NginxServer> {
  const conf = readFileSync(join(distDir, 'nginx.conf'), 'utf8');
  const upstream = 'server 127.0.0.1:4321 max_fails=0;';
  for (const line of [upstream, 'listen 8080;', "root '/srv/shingle/dist';"])
    if (!conf.includes(line)) throw new Error(`dist/nginx.conf has no line "${line}"`);
  return startNginx(
    conf
      .replace(upstream, sidecarUrls.map((u) => `server 127.0.0.1:${new URL(u).port} max_fails=0;`).join('\n  '))
      .replace('listen 8080;', 'listen 127.0.0.1:{{PORT}};')
      .replace("root '/srv/shingle/dist';", `root '${distDir}';`),
  );
}
