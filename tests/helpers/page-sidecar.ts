import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuild } from '../../sidecar/build/run-build.ts';
import { startSidecar } from './start-server.ts';

export interface RunningSidecar {
  /** Origin the sidecar listens on, e.g. http://127.0.0.1:41234 */
  origin: string;
  stop(): Promise<void>;
}

/**
 * The whole sidecar as `npm start` serves it (pages, documents, search, MCP, the hub with a
 * throw-away database) over an existing build, for browser tests. The build is never swapped away
 * under it: a snapshot serves its own build folder (dist/ is a link to the newest one).
 */
export async function startPageSidecar(distDir: string, baseUrl: string, extraEnv: Record<string, string> = {}): Promise<RunningSidecar> {
  const scratch = mkdtempSync(join(tmpdir(), 'shingle-e2e-'));
  const sidecar = await startSidecar({ distDir, baseUrl, env: { SERVE_STATIC: 'true', HUB_DB_PATH: join(scratch, 'hub.db'), ...extraEnv }, hub: {} });
  return {
    origin: sidecar.url,
    async stop() {
      await sidecar.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Builds a content folder into `distDir` with the one build runner (`node scripts/build.ts`, a child process). */
export async function buildContent(contentDir: string, distDir: string, baseUrl: string): Promise<void> {
  await runBuild({ CONTENT_DIR: contentDir, DIST_DIR: distDir, BASE_URL: baseUrl, SINCE_WINDOW_DAYS: 31 }, { onOutput: () => {} });
}
