import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { launchBrowser, newContext, watchPage } from '../helpers/browser.ts';
import { startPageSidecar, type RunningSidecar } from '../helpers/page-sidecar.ts';

let sidecar: RunningSidecar;
let browser: Browser;
let pageTypes: [string, string][];

beforeAll(async () => {
  sidecar = await startPageSidecar(inject('distDir'), inject('baseUrl'));
  browser = await launchBrowser();
  const doc = (await (await fetch(`${sidecar.origin}/reviews.json`)).json()) as { reviews: { date: string }[] };
  const month = doc.reviews[0]!.date.slice(0, 7);
  pageTypes = [
    ['home', '/'],
    ['reviews, page 1', '/reviews/'],
    ['reviews, page 2', '/reviews/page/2/'],
    ['reviews, filtered by the API', '/reviews/?min_rating=4&query=roof'],
    ['month archive (permalinks)', `/reviews/${month}/`],
    ['developers', '/developers/'],
    ['not found', '/404.html'],
  ];
});

afterAll(async () => {
  await browser?.close();
  await sidecar?.stop();
});

const PAGE_NAMES = [
  'home',
  'reviews, page 1',
  'reviews, page 2',
  'reviews, filtered by the API',
  'month archive (permalinks)',
  'developers',
  'not found',
];
const pathOf = (name: string) => pageTypes.find(([n]) => n === name)![1];

// The page checks run concurrently (each in its own browser context): most of their time is page loads
// and round trips to the browser, not CPU in this process.
describe('every page type', () => {
  it.concurrent.for(PAGE_NAMES)(
    '%s loads at 360 and 1280 px with no console errors, no third-party requests and no horizontal scrolling',
    async (name, { expect }) => {
      for (const width of [360, 1280]) {
        const context = await newContext(browser, width);
        const page = await context.newPage();
        const watch = watchPage(page, sidecar.origin);
        const response = await page.goto(`${sidecar.origin}${pathOf(name)}`, { waitUntil: 'networkidle' });
        expect(response?.status(), `${name} status`).toBe(200);
        expect(watch.errors, `${name} at ${width}px`).toEqual([]);
        expect(watch.foreignRequests, `${name} at ${width}px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        await context.close();
      }
    },
  );

  // axe checks every page type once at 360 px, where the layout is tightest (targets, reflow, contrast over
  // wrapped text); the layouts that change with width (home, reviews list) are checked at 1280 px too.
  // Both widths are covered for every page by the no-overflow and console checks above.
  const AXE_CHECKS: [string, number[]][] = [
    ['home', [360, 1280]],
    ['reviews, page 1', [360, 1280]],
    ['reviews, page 2', [360]],
    ['reviews, filtered by the API', [360]],
    ['month archive (permalinks)', [360]],
    ['developers', [360]],
    ['not found', [360]],
  ];
  it.concurrent.for(AXE_CHECKS)(
    '%s has no axe violations (WCAG 2.x A/AA and best practices) at %j px',
    { timeout: 120_000 },
    async ([name, widths], { expect }) => {
      const path = pathOf(name);
      const found: Record<string, string[]> = {};
      for (const width of widths) {
        const context = await newContext(browser, width);
        const page = await context.newPage();
        await page.goto(`${sidecar.origin}${path}`, { waitUntil: 'networkidle' });
        if (path.includes('?')) await page.waitForSelector('#page_results article.review');
        const summary = await axeViolations(page);
        if (summary.length > 0) found[`${width}px`] = summary;
        await context.close();
      }
      expect(found).toEqual({});
    },
  );

  // The axe helper trims what axe reports and runs it in its faster mode: show that it still finds faults.
  it('the axe check itself reports a missing alt text and low contrast, in both of its modes', async () => {
    const context = await newContext(browser, 360);
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><img src="data:,"><p style="color:#bbb;background:#fff">faint</p></main></html>',
    );
    for (const crossOriginFrames of [false, true]) {
      const ids = (await axeViolations(page, { crossOriginFrames })).map((v) => v.split(' ')[0]);
      expect(ids, `crossOriginFrames: ${crossOriginFrames}`).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
    }
    await context.close();
  });

  it('has one h1, a main landmark, a skip link and a lang attribute', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const [name, path] of pageTypes) {
      await page.goto(`${sidecar.origin}${path}`);
      const facts = await page.evaluate(() => ({
        h1: document.querySelectorAll('h1').length,
        main: document.querySelectorAll('main').length,
        skip: document.querySelector('a.skip-link')?.getAttribute('href'),
        lang: document.documentElement.lang,
        title: document.title.length > 0,
      }));
      expect(facts, name).toEqual({ h1: 1, main: 1, skip: '#page_main', lang: 'en', title: true });
    }
    await context.close();
  });
});
