import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { runBuild } from '../../sidecar/build/run-build.ts';
import { newContext, releaseBrowser, sharedBrowser, watchPage, type PageWatch } from './browser.ts';
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

/** A build to serve: its folder and the public base URL it was built for. */
export interface ServedBuild {
  distDir: string;
  baseUrl: string;
}

/** A page opened by `PageSite.open`, watched from before it loaded. */
export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  watch: PageWatch;
}

/** What `usePageSidecar` gives a browser test file; read it in hooks and tests (it is set by the file's beforeAll). */
export interface PageSite {
  /** The sidecar's origin, e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  /** The worker's shared Chromium; the contexts the file leaves open are closed after it. */
  readonly browser: Browser;
  /** A fresh context (empty cache) at `width`, a page in it watched against the sidecar's origin, at `path` of the sidecar. */
  open(path: string, options?: { width?: number; javaScriptEnabled?: boolean }): Promise<OpenedPage>;
}

/**
 * A browser test file's set-up, written once: registers the beforeAll that starts the sidecar over the
 * sample build (the one the global set-up made; or over `options.build()`, e.g. a fixture built by the file)
 * and takes the shared browser, and the afterAll that releases both. Call it at the file's top level before
 * the file's own hooks: they run after the sidecar is up (beforeAll) and before it stops (afterAll).
 */
export function usePageSidecar(options: { build?: () => Promise<ServedBuild>; timeoutMs?: number } = {}): PageSite {
  let sidecar: RunningSidecar | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`usePageSidecar: ${name} is read before the file's beforeAll ran`);
    return value;
  };
  beforeAll(async () => {
    const { distDir, baseUrl } = options.build ? await options.build() : { distDir: inject('distDir'), baseUrl: inject('baseUrl') };
    sidecar = await startPageSidecar(distDir, baseUrl);
    browser = await sharedBrowser();
  }, options.timeoutMs);
  afterAll(async () => {
    await releaseBrowser(browser);
    await sidecar?.stop();
  });
  const site: PageSite = {
    get origin() {
      return started(sidecar, 'the sidecar').origin;
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async open(path, { width = 1280, javaScriptEnabled } = {}) {
      const context = await newContext(site.browser, width, javaScriptEnabled === undefined ? {} : { javaScriptEnabled });
      const page = await context.newPage();
      const watch = watchPage(page, site.origin);
      await page.goto(`${site.origin}${path}`);
      return { page, context, watch };
    },
  };
  return site;
}

/**
 * A business's own website for the widget tests: registers the beforeAll that serves `handler` on a free port
 * (another origin than the sidecar's) and the afterAll that closes it. The handler runs per request, so it may
 * read what the file's own beforeAll prepared. `origin` is set once the server listens.
 */
export function useHostPages(handler: RequestListener): { readonly origin: string } {
  let server: Server | undefined;
  let origin: string | undefined;
  beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return {
    get origin() {
      if (origin === undefined) throw new Error("useHostPages: origin is read before the file's beforeAll ran");
      return origin;
    },
  };
}
