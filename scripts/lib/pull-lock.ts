import { createHash } from 'node:crypto';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PullError } from './pull-error.ts';
import { isRunning } from './is-running.ts';

/**
 * One pull per content folder at a time (the sidecar's schedule, the nightly job and a hand-run pull):
 * an exclusive lock file named after the folder, outside it (a lock inside content/ would change the
 * build's inputs), holding the owner's pid. A lock whose process is gone is taken over.
 * Returns the release function.
 */
export function acquirePullLock(contentDir: string, dir = tmpdir()): () => void {
  const path = join(dir, `shingle-pull-${createHash('sha256').update(resolve(contentDir)).digest('hex').slice(0, 16)}.lock`);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner))
        throw new PullError('locked', `another pull of ${contentDir} is running (pid ${owner}); this one was skipped`);
      rmSync(path, { force: true });
    }
  }
  throw new PullError('locked', `could not take the pull lock of ${contentDir}`);
}
