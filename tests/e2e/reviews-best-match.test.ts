import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newContext, watchPage, releaseBrowser, sharedBrowser } from '../helpers/browser.ts';
import { reviewIds } from '../helpers/review-ids.ts';
import { startPageSidecar, type RunningSidecar } from '../helpers/page-sidecar.ts';

/** The reviews page's "Best match" ordering: GET /api/reviews/find when the sidecar answers, the plain list otherwise. */
let sidecar: RunningSidecar;
let browser: Browser;

interface FindBody {
  reviews: { id: string; rating: number }[];
}

beforeAll(async () => {
  sidecar = await startPageSidecar(inject('distDir'), inject('baseUrl'));
  browser = await sharedBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await sidecar?.stop();
});

const settled = () => {
  const s = document.getElementById('page_filters_status')?.textContent ?? '';
  return s !== '' && s !== 'Searching…';
};

describe('reviews page: Best match', () => {
  it('ranks the words with the find endpoint, and narrows by the other filters', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const watch = watchPage(page, sidecar.origin);
    await page.goto(`${sidecar.origin}/reviews/?query=leek+inspction&order=best`);
    await page.waitForFunction(settled);
    const found = (await (await fetch(`${sidecar.origin}/api/reviews/find?q=leek+inspction&limit=100`)).json()) as FindBody;
    expect(found.reviews.length).toBeGreaterThan(0);
    expect(await reviewIds(page, '#page_results')).toEqual(found.reviews.map((r) => r.id));
    expect(await page.textContent('#page_filters_status')).toContain('best match first');
    expect(await page.inputValue('#f_order')).toBe('best');

    await page.goto(`${sidecar.origin}/reviews/?query=leek+inspction&rating=5&order=best`);
    await page.waitForFunction(settled);
    expect(await reviewIds(page, '#page_results')).toEqual(found.reviews.filter((r) => r.rating === 5).map((r) => r.id));
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('chosen in the form, it goes into the shareable URL', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${sidecar.origin}/reviews/`);
    expect(await page.isVisible('#f_order')).toBe(true);
    await page.fill('#f_query', 'skyligth');
    await page.selectOption('#f_order', 'best');
    await page.click('#page_filters button[type="submit"]');
    await page.waitForFunction(settled);
    expect(new URL(page.url()).search).toBe('?query=skyligth&order=best');
    expect((await reviewIds(page, '#page_results')).length).toBeGreaterThan(0);
    await context.close();
  });

  it('keeps the plain paginated list when the find endpoint is unreachable, and hides the choice without JavaScript', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.route('**/api/reviews/find**', (route) => route.abort('connectionrefused'));
    await page.goto(`${sidecar.origin}/reviews/?query=leak&order=best`);
    await page.waitForSelector('#page_filters_status[data-state="error"]');
    expect(await page.isVisible('#page_static')).toBe(true);
    expect(await reviewIds(page, '#page_static')).toHaveLength(50);
    await context.close();

    const noJs = await newContext(browser, 1280, { javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${sidecar.origin}/reviews/?query=leak&order=best`);
    expect(await plain.isVisible('#f_order')).toBe(false);
    expect(await reviewIds(plain, '#page_static')).toHaveLength(50);
    await noJs.close();
  });
});
