/**
 * The one sidecar and nginx launchers (scripts/lib/bench/), shared by the benches and the tests, fail
 * loudly: a server that exits, or never becomes ready, is an error naming it and quoting why, and the
 * child does not outlive the failure.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNginx } from '../../scripts/lib/bench/start-nginx.ts';
import { startSidecarProcess } from '../../scripts/lib/bench/start-sidecar-process.ts';

const temps: string[] = [];
const servers: Server[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
  for (const s of servers) s.close();
});

/** A checkout whose sidecar/main.ts is `body` (the launcher's `root`): a sidecar that misbehaves on purpose. */
function fakeCheckout(body: string): string {
  const root = mkdtempSync(join(tmpdir(), 'bench-launchers-'));
  temps.push(root);
  mkdirSync(join(root, 'sidecar'));
  writeFileSync(join(root, 'sidecar', 'main.ts'), body);
  return root;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startSidecarProcess', () => {
  it('fails at once, quoting stderr, when the sidecar exits before it listens (a bad setting)', async () => {
    await expect(startSidecarProcess({ env: { PORT: 'not-a-port', HOST: '127.0.0.1' }, label: 'replica-x', timeoutMs: 60_000 })).rejects.toThrow(
      /^replica-x exited \(\d+\) before it was ready: [\s\S]*PORT/,
    );
  });

  it('kills a sidecar that never logs `listening` within the time', async () => {
    const root = fakeCheckout(
      "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.PID_FILE, String(process.pid));\nconsole.error('stuck loading');\nsetInterval(() => {}, 1000);\n",
    );
    const pidFile = join(root, 'pid');
    await expect(startSidecarProcess({ env: { PID_FILE: pidFile }, root, label: 'slow sidecar', timeoutMs: 1_500 })).rejects.toThrow(
      'slow sidecar was not ready after 1.5 s: stuck loading',
    );
    expect(isAlive(Number(readFileSync(pidFile, 'utf8')))).toBe(false);
  });
});

describe('startNginx', () => {
  it('reports a configuration nginx -t refuses, with the configuration', async () => {
    await expect(startNginx('server { listen 127.0.0.1:{{PORT}}; no_such_directive on; }')).rejects.toThrow(
      /nginx -t failed:[\s\S]*no_such_directive/,
    );
  });

  it('fails at once, with nginx’s own words, when nginx exits before it answers (its port is taken)', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const { port } = taken.address() as { port: number };
    // Also on the port the launcher polls: a configuration without it left that port free for another test's
    // server to take and answer, and the launcher took that answer for nginx's (a flake seen once in CI-like runs).
    await expect(startNginx(`server { listen 127.0.0.1:{{PORT}}; listen 127.0.0.1:${port}; }`)).rejects.toThrow(
      /nginx on 127\.0\.0\.1:\d+ exited[\s\S]*Address already in use/,
    );
  });
});
