import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1, bound and released: the caller's server binds it right after. (A
 * server that can take port 0 and report its port is better; nginx and PostgreSQL cannot.)
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
