/** Issue 25 — one pull per content folder at a time. */
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
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
});
