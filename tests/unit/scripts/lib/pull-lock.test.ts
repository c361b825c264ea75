/** Issue 25 — one pull per content folder at a time. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquirePullLock } from '../../../../scripts/lib/pull-lock.ts';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'shingle-lock-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('acquirePullLock', () => {
  it('refuses a second pull of the same folder while the first holds the lock, then allows it', () => {
    const release = acquirePullLock('/srv/content', dir);
    expect(() => acquirePullLock('/srv/content', dir)).toThrow(/another pull of \/srv\/content is running \(pid \d+\)/);
    const other = acquirePullLock('/srv/other-content', dir);
    other();
    release();
    acquirePullLock('/srv/content', dir)();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a lock whose process is gone', () => {
    const release = acquirePullLock('/srv/content', dir);
    const [name] = readdirSync(dir);
    release();
    writeFileSync(join(dir, name!), '2147483646'); // no such process
    acquirePullLock('/srv/content', dir)();
  });

  it('takes over a lock whose pid another process took since (pids start again after a restart), and keeps a live one', () => {
    const release = acquirePullLock('/srv/content', dir);
    const [name] = readdirSync(dir);
    const written = readFileSync(join(dir, name!), 'utf8');
    expect(written).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
    release();
    // This process's pid, with another start time: the pid was reused by a process that is no pull.
    writeFileSync(join(dir, name!), `${process.pid} 1`);
    acquirePullLock('/srv/content', dir)();
    // An old lock with the pid alone (written before start times were kept) is still honoured while that pid runs.
    writeFileSync(join(dir, name!), String(process.pid));
    expect(() => acquirePullLock('/srv/content', dir)).toThrow(/another pull/);
  });
});
