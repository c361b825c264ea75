/**
 * The benches' readiness wait (scripts/lib/wait-until-ready.ts) fails loudly: a foreign server answering 404 on
 * the port is not "ready", a process that exits is named at once, and a server that never answers times out.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { readyWithin, waitUntilReady } from '../../scripts/lib/wait-until-ready.ts';

const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function serve(status: number): Promise<number> {
  const server = createServer((_req, res) => res.writeHead(status).end());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

describe('waitUntilReady', () => {
  it('returns once the exact status answers', async () => {
    await expect(waitUntilReady({ name: 'nginx', port: await serve(200), path: '/reviews.json', timeoutMs: 5_000 })).resolves.toBeUndefined();
  });

  it('never takes a 404 for ready: it times out naming the server and the last answer', async () => {
    const port = await serve(404);
    await expect(waitUntilReady({ name: 'nginx', port, path: '/reviews.json', timeoutMs: 400 })).rejects.toThrow(
      `nginx on 127.0.0.1:${port} was not ready after 0.4 s (last: status 404 for /reviews.json, expected 200)`,
    );
  });

  it('fails at once when the process it waits for exits', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)']);
    await new Promise((r) => child.once('exit', r));
    await expect(waitUntilReady({ name: 'sidecar', port: 1, path: '/healthz', child, timeoutMs: 60_000 })).rejects.toThrow(
      'sidecar on 127.0.0.1:1 exited (3) before it was ready',
    );
  });
});

describe('readyWithin', () => {
  it('fails when the child exits before its signal, or when the time runs out', async () => {
    // A child that quits (code 2) when the test tells it to, once readyWithin is watching it.
    const quits = spawn(process.execPath, ['-e', "process.stdin.once('data', () => process.exit(2))"]);
    const quitting = readyWithin('hub replica', quits, new Promise<never>(() => {}), 60_000);
    quits.stdin.write('quit\n');
    await expect(quitting).rejects.toThrow('hub replica exited (2) before it was ready');
    // A child that never gets ready and never exits: it reads its stdin, which stays open.
    const hangs = spawn(process.execPath, ['-e', 'process.stdin.resume()']);
    try {
      await expect(readyWithin('MCP bench server', hangs, new Promise<never>(() => {}), 300)).rejects.toThrow(
        'MCP bench server was not ready after 0.3 s',
      );
    } finally {
      hangs.kill();
    }
    expect(await readyWithin('ok', spawn(process.execPath, ['-e', '']), Promise.resolve(7), 5_000)).toBe(7);
  });
});
