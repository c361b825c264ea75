/**
 * Preloaded by `npm run build` (after load-env.ts, so `.env` is read): a build started without BUILD_PROCESS_ENV
 * (core/build/build-process-env.ts) starts again with it. glibc reads MALLOC_ARENA_MAX once, when the process starts,
 * so the build cannot set it for itself; and an npm script cannot set a variable in a way every shell npm uses
 * understands (`VAR=… node` fails under Windows' cmd.exe). `process.execve` replaces this process — same pid, arguments
 * and flags, no second process waiting — before the build's modules are loaded. Where there is no execve (Windows,
 * Node before 22.15) or no glibc, the build runs as it is. The sidecar's rebuild and the bench set the variables
 * when they start the build, and need no preload.
 */
import { BUILD_PROCESS_ENV, withBuildProcessEnv } from '../../core/build/build-process-env.ts';

const missing = Object.keys(BUILD_PROCESS_ENV).some((name) => !process.env[name]);
if (missing && process.platform === 'linux' && process.execve) {
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], withBuildProcessEnv(process.env));
  } catch {
    // The system refused (a seccomp filter, a binary replaced meanwhile): the build runs as it is, only without the setting.
  }
}
