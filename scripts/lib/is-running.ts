import { readFileSync } from 'node:fs';

/** True while a process with this pid runs (signal 0 only checks; EPERM means it runs as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process with this pid started, as the kernel counts it (Linux: /proc/<pid>/stat, field 22), or null
 * where that cannot be read. With the pid it names one process for good: a pid is reused, the pair is not.
 */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name in parentheses (which may hold spaces and parentheses): state, ppid, … starttime is 22nd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** True while the process that wrote `lock` (`<pid>` or `<pid> <start>`) runs: the same pid started at the same time. */
export function isLockOwnerRunning(lock: string): boolean {
  const [pidText, start] = lock.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return false;
  const now = processStartOf(pid);
  return start === undefined || now === null || now === start; // a pid reused by another process started later
}
