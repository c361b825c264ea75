import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Where the session key comes from: the environment, a file in the data folder, or this process only. */
export type SessionSecretSource = 'env' | 'file' | 'memory';

/**
 * The secret that signs MCP session ids when MCP_SESSION_SECRET is unset: read from `path`, or, on
 * first start, 256 random bits written there with mode 0600 (temp file, then a hard link, so two
 * processes starting at once agree on one secret and nobody reads a half-written file).
 * `path` "memory" gives a fresh secret for this process only.
 */
export function loadOrCreateSessionSecret(path: string): { secret: string; source: Exclude<SessionSecretSource, 'env'>; created: boolean } {
  if (path === 'memory') return { secret: randomBytes(32).toString('hex'), source: 'memory', created: true };
  const existing = readSecret(path);
  if (existing) return { secret: existing, source: 'file', created: false };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temp, 0o600); // the umask may have narrowed it further, never widened it; be exact
  let created = true;
  try {
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false; // another process won the race: use its secret
  } finally {
    rmSync(temp, { force: true });
  }
  const secret = readSecret(path);
  if (!secret) throw new Error(`MCP session secret file ${path} is empty or shorter than 32 characters`);
  return { secret, source: 'file', created };
}

function readSecret(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (text.length < 32) throw new Error(`MCP session secret file ${path} holds fewer than 32 characters; delete it to have a new one generated`);
  return text;
}
