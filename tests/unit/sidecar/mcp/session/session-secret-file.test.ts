import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../../sidecar/logger.ts';
import { McpConfigSchema } from '../../../../../sidecar/mcp/mcp-config.ts';
import { createMcpHandler } from '../../../../../sidecar/mcp/create-mcp-handler.ts';
import { loadOrCreateSessionSecret } from '../../../../../sidecar/mcp/session/session-secret-file.ts';
import { createSnapshotSource } from '../../../../../sidecar/data/snapshot-source.ts';
import { createFakeSnapshot } from '../../../../helpers/mcp/fake-snapshot.ts';

const fakeSnapshotSource = () => createSnapshotSource(createFakeSnapshot());

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shingle-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('MCP session secret (issue 12, item 4)', () => {
  it('is generated on first start: 256 random bits, file mode 0600, folder created', () => {
    const path = join(tempDir(), 'data', 'mcp-session-secret');
    const first = loadOrCreateSessionSecret(path);
    expect(first).toMatchObject({ source: 'file', created: true });
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = loadOrCreateSessionSecret(path);
    expect(again).toEqual({ secret: first.secret, source: 'file', created: false });
    expect(loadOrCreateSessionSecret(join(tempDir(), 'other')).secret).not.toBe(first.secret);
  });

  it('refuses a file too short to be a secret rather than sign with it', () => {
    const path = join(tempDir(), 'short');
    writeFileSync(path, 'abc\n');
    expect(() => loadOrCreateSessionSecret(path)).toThrow(/fewer than 32 characters/);
  });

  it('"memory" gives a fresh secret per call and writes nothing', () => {
    const a = loadOrCreateSessionSecret('memory');
    expect(a.source).toBe('memory');
    expect(loadOrCreateSessionSecret('memory').secret).not.toBe(a.secret);
  });

  it('createMcpHandler without MCP_SESSION_SECRET creates the file; with it, the environment wins and no file is written', () => {
    const dir = tempDir();
    const path = join(dir, 'mcp-session-secret');
    createMcpHandler({
      snapshots: fakeSnapshotSource(),
      config: { BASE_URL: 'http://localhost:4321', ...McpConfigSchema.parse({ MCP_SESSION_REVOCATION_DB: 'memory', MCP_SESSION_SECRET_FILE: path }) },
      logger: silentLogger,
    });
    expect(readFileSync(path, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    const envPath = join(dir, 'unused');
    createMcpHandler({
      snapshots: fakeSnapshotSource(),
      config: {
        BASE_URL: 'http://localhost:4321',
        ...McpConfigSchema.parse({ MCP_SESSION_REVOCATION_DB: 'memory', MCP_SESSION_SECRET: 'x'.repeat(40), MCP_SESSION_SECRET_FILE: envPath }),
      },
      logger: silentLogger,
    });
    expect(existsSync(envPath)).toBe(false);
  });
});
