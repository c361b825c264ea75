import { describe, expect, inject, it } from 'vitest';
import { newContext } from '../helpers/browser.ts';
import { filtersSettled, reviewIds } from '../helpers/review-ids.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';

const site = usePageSidecar();

interface SearchBody {
  reviews: { id: string }[];
  total: number;
}

/** The API's answer for the same filters the page shows (the page asks for the maximum limit, 100). */
async function apiIds(filters: string): Promise<{ ids: string[]; total: number }> {
  const res = await fetch(`${site.origin}/api/reviews/search?${filters}&limit=100`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as SearchBody;
  return { ids: body.reviews.map((r) => r.id), total: body.total };
}

describe('reviews page filters', () => {
  const CASES = [
    'rating=5',
    'min_rating=4&mentions_service=roof-replacement',
    'query=leak',
    'rating=1',
    'mentions_technician=marco&since=2023-01-01&until=2026-12-31',
    'mentions_service=gutters&min_rating=2',
    'query=zzzz-no-such-text',
  ];

  it.each(CASES)('?%s shows the same reviews as GET /api/reviews/search', async (filters) => {
    const { page, context, watch } = await site.open(`/reviews/?${filters}`);
    await filtersSettled(page);
    const expected = await apiIds(filters);
    expect(await reviewIds(page, '#page_results')).toEqual(expected.ids);
    expect(await page.isHidden('#page_static')).toBe(true);
    const status = await page.textContent('#page_filters_status');
    if (expected.total === 0) expect(status).toContain('No reviews match');
    else expect(status).toContain(String(expected.total));
    // The form shows the filters of the URL.
    for (const [key, value] of new URLSearchParams(filters)) {
      expect(await page.inputValue(`#page_filters [name="${key}"]`)).toBe(value);
    }
    expect(watch.errors).toEqual([]);
    await context.close();
  });

  it('applies filters from the form, puts them in a shareable URL, and clears them', async () => {
    const { page, context } = await site.open('/reviews/');
    const staticIds = await reviewIds(page, '#page_static');
    expect(staticIds).toHaveLength(50);
    // The filters other than the words are folded away (a phone's first screen shows reviews): open them.
    expect(await page.isVisible('#f_min')).toBe(false);
    await page.click('#page_filters_more summary');
    await page.selectOption('#f_min', '4');
    await page.selectOption('#f_service', 'roof-replacement');
    await page.fill('#f_since', '2022-01-01');
    await page.click('#page_filters button[type="submit"]');
    await page.waitForSelector('#page_results:not([hidden])');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/reviews/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ min_rating: '4', since: '2022-01-01', mentions_service: 'roof-replacement' });
    const shown = await reviewIds(page, '#page_results');
    expect(shown).toEqual((await apiIds(url.searchParams.toString())).ids);

    // The URL is shareable: a fresh tab opened on it shows the same reviews.
    const other = await context.newPage();
    await other.goto(url.href);
    await other.waitForSelector('#page_results:not([hidden])');
    expect(await reviewIds(other, '#page_results')).toEqual(shown);

    // Back returns to the unfiltered list; clearing does too.
    await page.goBack();
    await page.waitForSelector('#page_results', { state: 'hidden' });
    expect(await reviewIds(page, '#page_static')).toEqual(staticIds);
    await page.goForward();
    await page.waitForSelector('#page_results:not([hidden])');
    await page.click('#page_filters_clear');
    await page.waitForSelector('#page_results', { state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');
    expect(await page.inputValue('#f_min')).toBe('');
    await context.close();
  });

  it('reports invalid filters with the API issues', async () => {
    const { page, context } = await site.open('/reviews/?since=2025-01-01&until=2024-01-01');
    await page.waitForSelector('#page_filters_status[data-state="error"]');
    expect(await page.textContent('#page_filters_status')).toContain('since must not be after until');
    expect(await page.isVisible('#page_static')).toBe(true);
    await context.close();
  });

  it('degrades to plain pagination when the search service is unreachable', async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    await page.route('**/api/reviews/search**', (route) => route.abort('connectionrefused'));
    await page.goto(`${site.origin}/reviews/?rating=5`);
    await page.waitForSelector('#page_filters_status[data-state="error"]');
    expect(await page.textContent('#page_filters_status')).toContain('not reachable');
    expect(await page.isVisible('#page_static')).toBe(true);
    expect(await reviewIds(page, '#page_static')).toHaveLength(50);
    expect(await page.isVisible('nav.pagination')).toBe(true);
    await context.close();
  });

  it('without JavaScript shows the static list and says why filters do nothing', async () => {
    const { page, context } = await site.open('/reviews/?rating=5', { javaScriptEnabled: false });
    expect(await reviewIds(page, '#page_static')).toHaveLength(50);
    expect(await page.textContent('#page_filters')).toContain('Filtering needs JavaScript');
    await context.close();
  });
});

describe('home page links into the filters', () => {
  it('each technician, service and topic link opens a filtered list with the count the home page shows', async () => {
    const { page, context } = await site.open('/');
    const links = await page.$$eval('a[href^="/reviews/?"]', (els) =>
      els.map((a) => ({ href: a.getAttribute('href')!, row: a.closest('li')?.textContent ?? '' })),
    );
    expect(links.length).toBeGreaterThan(5);
    for (const { href, row } of links) {
      const shownCount = Number(/([\d,]+) reviews?\b|\(([\d,]+)\)/.exec(row)?.slice(1).find(Boolean)?.replaceAll(',', ''));
      const { total } = await apiIds(new URL(href, site.origin).search.slice(1));
      expect(total, `${href} (${row.trim()})`).toBe(shownCount);
    }
    await context.close();
  });
});

describe('pagination and permalinks', () => {
  it('pages through every review in order from the newest: /reviews/ the newest 50, then pages of 50 counted from the oldest', async () => {
    const doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as { reviews: { id: string; date: string }[] };
    const ids = doc.reviews.map((r) => r.id);
    const total = Math.ceil(ids.length / 50);
    const { page, context } = await site.open('/reviews/');
    expect(await reviewIds(page, '#page_static')).toEqual(ids.slice(0, 50));
    expect(await page.getAttribute('nav.pagination [aria-current="page"]', 'href')).toBe('/reviews/');
    // "Older" leads to the numbered page with the newest review /reviews/ does not show, then down to page 1.
    const seen: string[] = [...ids.slice(0, 50)];
    let n = Math.floor((ids.length - 51) / 50) + 1;
    for (;;) {
      const older = await page.$('nav.pagination a[rel="next"]');
      if (!older) break;
      await Promise.all([page.waitForURL(`**/reviews/page/${n}/`), older.click()]);
      const shown = await reviewIds(page, '#page_static');
      // Page n holds reviews (n-1)*50+1 … n*50 counted from the oldest, newest first.
      expect(shown).toEqual(ids.slice(Math.max(0, ids.length - n * 50), ids.length - (n - 1) * 50));
      expect(await page.getAttribute('nav.pagination [aria-current="page"]', 'href')).toBe(`/reviews/page/${n}/`);
      for (const id of shown) if (!seen.includes(id)) seen.push(id);
      n--;
    }
    expect(n).toBe(0);
    expect(seen).toEqual(ids);
    // The newest numbered page exists too, and "Newer" climbs back to it.
    await page.goto(`${site.origin}/reviews/page/${total}/`);
    expect(await reviewIds(page, '#page_static')).toEqual(ids.slice(0, ids.length - (total - 1) * 50));
    expect(await page.$('nav.pagination a[rel="prev"]')).toBeNull();
    await context.close();
  });

  it('a permalink lands on the review in its month page, and every feed item url resolves', async () => {
    const feed = (await (await fetch(`${site.origin}/api/feed.json`)).json()) as { items: { url: string; _review: { id: string } }[] };
    const base = inject('baseUrl');
    // Every JSON Feed item url is a month page that has an element with the review id.
    const pages = new Map<string, string>();
    for (const item of feed.items) {
      const url = new URL(item.url);
      expect(url.origin).toBe(base);
      expect(url.hash).toBe(`#${item._review.id}`);
      if (!pages.has(url.pathname)) {
        const res = await fetch(`${site.origin}${url.pathname}`);
        expect(res.status, url.pathname).toBe(200);
        pages.set(url.pathname, await res.text());
      }
      expect(pages.get(url.pathname)).toContain(`id="${item._review.id}"`);
    }

    // In the browser: follow a permalink from page 2 and land on the review.
    const { page, context } = await site.open('/reviews/page/2/', { width: 360 });
    const id = (await reviewIds(page, '#page_static'))[7]!;
    await Promise.all([page.waitForURL(`**/#${id}`), page.click(`#page_static [id="${id}"] .review__meta a[title]`)]);
    expect(new URL(page.url()).pathname).toMatch(/^\/reviews\/\d{4}-\d{2}\/$/);
    const landed = await page.evaluate((rid) => {
      const el = document.getElementById(rid)!;
      const box = el.getBoundingClientRect();
      return { target: el.matches(':target'), top: box.top, inView: box.top >= 0 && box.top < window.innerHeight };
    }, id);
    expect(landed.target).toBe(true);
    expect(landed.inView).toBe(true);
    await context.close();
  });
});
