/**
 * The set-up every in-process hub test shares: a test CA, an HTTPS subscriber trusting it, a private
 * workspace (content/ and a copy of the built dist/) and the real sidecar with its hub on that
 * workspace, trusting the CA. `close()` undoes all of it, in reverse order.
 */
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from './https-subscriber.ts';
import { startHubSidecar, type HubSidecar, type HubSidecarOptions } from './hub-sidecar.ts';
import { makeWorkspace } from './hub-workspace.ts';
import { createUndoStack } from './undo-stack.ts';

export type HubWorkspace = Awaited<ReturnType<typeof makeWorkspace>>;

export interface HubTestBed {
  ca: TestCa;
  sub: HttpsSubscriber;
  ws: HubWorkspace;
  sidecar: HubSidecar;
  close(): Promise<void>;
}

export type HubTestBedOptions = Omit<HubSidecarOptions, 'distDir' | 'dbPath' | 'env'> & {
  /** The sidecar's extra environment; a function when it names the workspace (CONTENT_DIR). */
  env?: Record<string, string> | ((ws: HubWorkspace) => Record<string, string>);
  /** Changes the workspace before the sidecar starts on it (business.json, a jobs file). */
  prepare?: (ws: HubWorkspace) => void | Promise<void>;
};

/** Starts the bed on a copy of `sourceDist` (the suite's built dist/, `inject('distDir')`); HUB_CA_FILE is set. */
export async function startHubTestBed(sourceDist: string, options: HubTestBedOptions = {}): Promise<HubTestBed> {
  const undo = createUndoStack();
  try {
    const ca = undo.push(createTestCa(), (c) => c.dispose());
    const sub = undo.push(await startHttpsSubscriber({ ca }), (s) => s.close());
    const ws = undo.push(await makeWorkspace(sourceDist), (w) => w.dispose());
    await options.prepare?.(ws);
    const { prepare: _, env: extraEnv, ...sidecarOptions } = options;
    const env = typeof extraEnv === 'function' ? extraEnv(ws) : extraEnv;
    const sidecar = undo.push(
      await startHubSidecar({ ...sidecarOptions, distDir: ws.distDir, dbPath: ws.dbPath, env: { HUB_CA_FILE: ca.caFile, ...env } }),
      (s) => s.close(),
    );
    return { ca, sub, ws, sidecar, close: () => undo.run() };
  } catch (e) {
    await undo.run().catch(() => undefined);
    throw e;
  }
}
