import { spawnSync } from 'node:child_process';

/** The file size a process run by runOnFullDisk may write, in KiB (`ulimit -f`): a disk that fills up mid-write. */
export const FULL_DISK_KIB = 16;

/**
 * Runs `module` (ES module source, which may import the project's .ts files by absolute path) in a Node process that
 * cannot write a file past FULL_DISK_KIB: a write that crosses it fails with EFBIG halfway, leaving what it wrote,
 * as on a disk that fills up (Node ignores SIGXFSZ, so the error reaches the code). Returns what it printed.
 */
export function runOnFullDisk(module: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-c', `ulimit -f ${FULL_DISK_KIB} && exec "$0" --input-type=module -e "$1"`, process.execPath, module], {
    encoding: 'utf8',
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
