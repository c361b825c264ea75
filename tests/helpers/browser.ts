import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium. Its headless shell (package chromium-headless-shell, the same Blink build in the
 * lighter headless mode Playwright itself uses by default) needs about 40% less CPU than the full
 * browser for the same tests, which matters on a 2-core machine; the full browser is the fallback.
 */
export const CHROMIUM_PATH = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with everything that would phone home switched off. The GPU work (there is no
 * GPU: software compositing either way) runs inside the browser process instead of a separate GPU process
 * that every frame is shipped to: the browser tests took about 13% less CPU (e2e project 217 -> 189 s).
 */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      '--in-process-gpu',
      '--disable-gpu-compositing',
      // V8 without its helper threads (concurrent compilation and garbage collection): axe and the pages'
      // scripts took about 12% less CPU in all (5 pages with axe: 19.1 -> 16.6 s), for a little more wall
      // time in an idle machine; on this 2-core machine the whole run is short of CPU, not of time.
      '--js-flags=--single-threaded',
      // Every new page starts as about:blank in a renderer of its own, and the first navigation to the site
      // moved it to a second, new renderer: two process starts per page (127 renderers for the browser
      // tests). Capped at one, Chromium navigates in the renderer it has (site isolation stays on): 69
      // renderers; the browser tests took 88 -> 67 s of renderer CPU, 25 -> 21 s in the browser process, and
      // 83 -> 65 s of wall time.
      '--renderer-process-limit=1',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, shared by the browser test files the worker runs one after another (they
 * share a module cache: `isolate: false` in vitest.config.ts). Every test works in a fresh context of its
 * own, so nothing carries over from file to file; a launch per file cost about 0.7 s of CPU each.
 * Playwright kills the browser when the worker exits.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (shared = undefined));
    return browser;
  });
  return shared;
}

/** A file's afterAll: closes the contexts its tests left open; the shared browser stays for the next file. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** What a page did while loading: console errors, uncaught exceptions, requests to other origins. */
export interface PageWatch {
  errors: string[];
  foreignRequests: string[];
  requests: string[];
}

/** Records console errors, page errors and every request that leaves `origin`. */
export function watchPage(page: Page, origin: string): PageWatch {
  const watch: PageWatch = { errors: [], foreignRequests: [], requests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') watch.errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => watch.errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => {
    watch.requests.push(r.url());
    const url = new URL(r.url());
    if (url.protocol !== 'data:' && url.origin !== origin) watch.foreignRequests.push(r.url());
  });
  return watch;
}

/** A fresh context (empty cache) at a given viewport width. */
export function newContext(browser: Browser, width = 1280, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 }, ...options });
}
