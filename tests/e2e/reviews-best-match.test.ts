import { describe, expect, it } from 'vitest';
import { newContext } from '../helpers/browser.ts';
import { filtersSettled, reviewIds } from '../helpers/review-ids.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';

/** The reviews page's "Best match" ordering: GET /api/reviews/find when the sidecar answers, the plain list otherwise. */
const site = usePageSidecar();

interface FindBody {
  reviews: { id: string; rating: number }[];
}

describe('reviews page: Best match', () => {
  it('ranks the words with the find endpoint, and narrows by the other filters', async () => {
    const { page, context, watch } = await site.open('/reviews/?query=leek+inspction&order=best');
    await filtersSettled(page);
    const found = (await (await fetch(`${site.origin}/api/reviews/find?q=leek+inspction&limit=100`)).json()) as FindBody;
    expect(found.reviews.length).toBeGreaterThan(0);
    expect(await reviewIds(page, '#page_results')).toEqual(found.reviews.map((r) => r.id));
    expect(await page.textContent('#page_filters_status')).toContain('best match first');
    expect(await page.inputValue('#f_order')).toBe('best');

    await page.goto(`${site.origin}/reviews/?query=leek+inspction&rating=5&order=best`);
    await filtersSettled(page);
    expect(await reviewIds(page, '#page_results')).toEqual(found.reviews.filter((r) => r.rating === 5).map((r) => r.id));
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('chosen in the form, it goes into the shareable URL', async () => {
    const { page, context } = await site.open('/reviews/');
    expect(await page.isVisible('#f_order')).toBe(true);
    await page.fill('#f_query', 'skyligth');
    await page.selectOption('#f_order', 'best');
    await page.click('#page_filters button[type="submit"]');
    await filtersSettled(page);
    expect(new URL(page.url()).search).toBe('?query=skyligth&order=best');
    expect((await reviewIds(page, '#page_results')).length).toBeGreaterThan(0);
    await context.close();
  });

  it('keeps the plain paginated list when the find endpoint is unreachable, and hides the choice without JavaScript', async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await page.route('**/api/reviews/find**', (route) => route.abort('connectionrefused'));
    await page.goto(`${site.origin}/reviews/?query=leak&order=best`);
    await page.waitForSelector('#page_filters_status[data-state="error"]');
    expect(await page.isVisible('#page_static')).toBe(true);
    expect(await reviewIds(page, '#page_static')).toHaveLength(50);
    await context.close();

    const { page: plain, context: noJs } = await site.open('/reviews/?query=leak&order=best', { javaScriptEnabled: false });
    expect(await plain.isVisible('#f_order')).toBe(false);
    expect(await reviewIds(plain, '#page_static')).toHaveLength(50);
    await noJs.close();
  });
});
