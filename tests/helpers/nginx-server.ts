import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBinary } from './find-binary.ts';
import { freePort } from './postgres-server.ts';

export interface NginxServer {
  port: number;
  url: string;
  /** Replaces the http-level configuration and reloads (SIGHUP); waits until the new workers answer. */
  reload(httpBlock: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts Debian's nginx (package `nginx-light`) in the foreground with a configuration of our own in
 * a temporary prefix. `httpBlock` is what goes inside `http { }`; `{{PORT}}` in it is replaced by a
 * free loopback port. Temp paths, pid and logs stay in the prefix; as root, workers run as root so
 * they can read the test's temporary files.
 */
export async function startNginx(httpBlock: string): Promise<NginxServer> {
  const nginx = findBinary('nginx', 'nginx-light', ['/usr/sbin', '/usr/local/sbin', '/usr/bin']);
  const dir = mkdtempSync(join(tmpdir(), 'shingle-nginx-'));
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'tmp', t), { recursive: true });
  const port = await freePort();
  const confPath = join(dir, 'nginx.conf');
  const write = (block: string) =>
    writeFileSync(
      confPath,
      `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
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
${block.replaceAll('{{PORT}}', String(port))}
}
`,
    );
  write(httpBlock);
  const test = spawn(nginx, ['-t', '-p', dir, '-c', confPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  let testOutput = '';
  test.stderr!.on('data', (d: Buffer) => (testOutput += d.toString()));
  const ok = await new Promise<boolean>((resolve) => test.once('exit', (code) => resolve(code === 0)));
  if (!ok) throw new Error(`nginx -t failed:\n${testOutput}\n${readFileSync(confPath, 'utf8')}`);

  const proc: ChildProcess = spawn(nginx, ['-p', dir, '-c', confPath, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const ready = async () => {
    const end = Date.now() + 10_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      try {
        await fetch(`${url}/__nginx_ready`);
        return;
      } catch {
        if (Date.now() > end) throw new Error(`nginx did not answer on ${url}: ${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  await ready();
  return {
    port,
    url,
    async reload(block) {
      write(block);
      proc.kill('SIGHUP');
      // Old workers finish their requests; new ones take over. Give the master a moment.
      await new Promise((r) => setTimeout(r, 300));
      await ready();
    },
    async close() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * nginx running the build's own dist/nginx.conf (what an operator includes), with only the three lines
 * an operator edits replaced: the upstream (the test's sidecars), the listen line (a free loopback
 * port) and the root (the test's dist/).
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
