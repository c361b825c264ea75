/**
 * The set-up every in-process hub test shares: a test CA, an HTTPS subscriber trusting it, a private
 * workspace (content/ and a copy of the built dist/) and the real sidecar with its hub on that
 * workspace, trusting the CA. `close()` undoes all of it, in reverse order.
 */
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from './https-subscriber.ts';
import { startHubSidecar, type HubSidecar, type HubSidecarOptions } from './hub-sidecar.ts';
import { makeWorkspace } from './hub-workspace.ts';

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
};

/** Starts the bed on a copy of `sourceDist` (the suite's built dist/, `inject('distDir')`); HUB_CA_FILE is set. */
export async function startHubTestBed(sourceDist: string, options: HubTestBedOptions = {}): Promise<HubTestBed> {
  const ca = createTestCa();
  const undo: (() => unknown)[] = [() => ca.dispose()];
  const close = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    const sub = await startHttpsSubscriber({ ca });
    undo.push(() => sub.close());
    const ws = await makeWorkspace(sourceDist);
    undo.push(() => ws.dispose());
    const env = typeof options.env === 'function' ? options.env(ws) : options.env;
    const sidecar = await startHubSidecar({ ...options, distDir: ws.distDir, dbPath: ws.dbPath, env: { HUB_CA_FILE: ca.caFile, ...env } });
    undo.push(() => sidecar.close());
    return { ca, sub, ws, sidecar, close };
  } catch (e) {
    await close();
    throw e;
  }
}
