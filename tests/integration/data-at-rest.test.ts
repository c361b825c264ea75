/**
 * Issue 26 item 5 — files holding secrets or customers' names are private: the hub's and the MCP
 * session store's SQLite files (with their -wal and -shm files) 0600 in a 0700 folder, and the
 * verification queue (customers' full names) 0600.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runImport } from '../../scripts/import.ts';
import { runVerify } from '../../scripts/verify.ts';
import { createSqliteRevocationStore } from '../../sidecar/mcp/session/sqlite-revocation-store.ts';
import { openSqliteHubStore } from '../../sidecar/storage/sqlite-hub-store.ts';
import { SAMPLE_CONTENT, tempDir } from '../helpers/build-fixture.ts';
import { IMPORT_FIXTURES } from '../helpers/import-fixtures.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const scratch = () => {
  const dir = tempDir('at-rest');
  dirs.push(dir);
  return dir;
};

describe('data at rest', () => {
  it('data/hub.db and its -wal and -shm files are created 0600 in a new 0700 folder', async () => {
    const data = join(scratch(), 'data');
    const store = openSqliteHubStore(join(data, 'hub.db'));
    await store.subscriptionActivate({
      callback: 'https://sub.example/cb',
      topic: 'http://localhost:4321/feed.xml',
      host: 'sub.example',
      secret: 'the-subscriber-secret',
      leaseSeconds: 3_600,
      now: Date.now(),
    });
    for (const f of ['hub.db', 'hub.db-wal', 'hub.db-shm']) {
      expect(existsSync(join(data, f)), f).toBe(true);
      expect(mode(join(data, f)), f).toBe('600');
    }
    expect(mode(data)).toBe('700');
    await store.close();
  });

  it('the MCP session store (mcp.db) likewise; an existing world-readable database is narrowed to 0600', async () => {
    const data = join(scratch(), 'state');
    const revocations = createSqliteRevocationStore(join(data, 'mcp.db'));
    await revocations.sessionRevoke('sid-1', 2_000, 1_000);
    for (const f of ['mcp.db', 'mcp.db-wal', 'mcp.db-shm']) expect(mode(join(data, f)), f).toBe('600');
    expect(mode(data)).toBe('700');
    await revocations.close();

    const old = join(scratch(), 'hub.db');
    writeFileSync(old, '');
    chmodSync(old, 0o644);
    const store = openSqliteHubStore(old);
    expect(mode(old)).toBe('600');
    await store.close();
  });

  it('content/review-queue.json (customers’ full names) is written 0600', () => {
    const root = scratch();
    const content = join(root, 'content');
    mkdirSync(join(content, 'reviews'), { recursive: true });
    cpSync(join(SAMPLE_CONTENT, 'business.json'), join(content, 'business.json'));
    runImport('google-takeout', join(IMPORT_FIXTURES, 'takeout-1'), content, '2025-11-01');
    runVerify({ jobsPath: join(IMPORT_FIXTURES, 'jobs.csv'), contentDir: content, today: '2025-11-02' });
    expect(mode(join(content, 'review-queue.json'))).toBe('600');
  });
});
