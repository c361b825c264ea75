import { startSidecarProcess as start, type SidecarProcess } from '../../scripts/lib/bench/start-sidecar-process.ts';

export type { SidecarProcess };

/** A test's sidecar is listening within this (a bench's 100k-review one may take minutes). */
const TEST_READY_MS = 60_000;

/**
 * Starts `node sidecar/main.ts` with `env` added to this process's environment, through the one
 * launcher the benches use too (scripts/lib/bench/start-sidecar-process.ts); resolves once it logs
 * `listening`, fails with its stderr (the child killed) when it does not. SIDECAR_LOG=1 echoes its log.
 */
export function startSidecarProcess(env: Record<string, string>, label = 'sidecar'): Promise<SidecarProcess> {
  return start({ env, label, timeoutMs: TEST_READY_MS });
}
