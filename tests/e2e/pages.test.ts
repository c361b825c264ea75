import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { newContext, watchPage } from '../helpers/browser.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';
import { spacesBeforePunctuation, wordsBrokenAcrossLines } from '../helpers/text-layout.ts';

const site = usePageSidecar();
let pageTypes: [string, string][];

beforeAll(async () => {
  const doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as { reviews: { date: string }[] };
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

const pathOf = (name: string) => pageTypes.find(([n]) => n === name)![1];

// One load per page type and width, and every check made on it: console errors, third-party requests and
// sideways scrolling at both widths; the landmarks once; axe (WCAG 2.x A/AA and best practices) at 360 px,
// where the layout is tightest (targets, reflow, contrast over wrapped text), and at 1280 px too for the
// layouts that change with width (home, reviews list). The pages run concurrently, each in its own browser
// context: most of their time is page loads and round trips to the browser, not CPU in this process.
const PAGE_CHECKS: [string, number[]][] = [
  ['home', [360, 1280]],
  ['reviews, page 1', [360, 1280]],
  ['reviews, page 2', [360]],
  ['reviews, filtered by the API', [360]],
  ['month archive (permalinks)', [360]],
  ['developers', [360]],
  ['not found', [360]],
];

describe('every page type', () => {
  it.concurrent.for(PAGE_CHECKS)(
    '%s at 360 and 1280 px: no console errors, no third-party requests, no horizontal scrolling, landmarks, and no axe violations at %j px',
    { timeout: 120_000 },
    async ([name, axeWidths], { expect }) => {
      const path = pathOf(name);
      const axeFound: Record<string, string[]> = {};
      for (const width of [360, 1280]) {
        const context = await newContext(site.browser, width);
        const page = await context.newPage();
        const watch = watchPage(page, site.origin);
        const response = await page.goto(`${site.origin}${path}`, { waitUntil: 'networkidle' });
        expect(response?.status(), `${name} status`).toBe(200);
        if (path.includes('?')) await page.waitForSelector('#page_results article.review');
        expect(watch.errors, `${name} at ${width}px`).toEqual([]);
        expect(watch.foreignRequests, `${name} at ${width}px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        // Polish a reader sees: table headers whole ("Rat ing"), no space before punctuation ("Tomasz , Repair").
        expect(await wordsBrokenAcrossLines(page, 'th'), `${name} at ${width}px: table headers broken mid-word`).toEqual([]);
        expect(await spacesBeforePunctuation(page), `${name} at ${width}px: spaces before punctuation`).toEqual([]);
        if (width === 1280) {
          const facts = await page.evaluate(() => ({
            h1: document.querySelectorAll('h1').length,
            main: document.querySelectorAll('main').length,
            skip: document.querySelector('a.skip-link')?.getAttribute('href'),
            lang: document.documentElement.lang,
            title: document.title.length > 0,
          }));
          expect(facts, `${name}: one h1, a main landmark, a skip link, a lang attribute and a title`).toEqual({
            h1: 1,
            main: 1,
            skip: '#page_main',
            lang: 'en',
            title: true,
          });
        }
        if (axeWidths.includes(width)) {
          const summary = await axeViolations(page);
          if (summary.length > 0) axeFound[`${width}px`] = summary;
        }
        await context.close();
      }
      expect(axeFound).toEqual({});
    },
  );

  it('a filtered /reviews/ says how many match, never "Showing 1–50" of the unfiltered list beside it', async () => {
    const context = await newContext(site.browser, 1280);
    const page = await context.newPage();
    await page.goto(`${site.origin}/reviews/?min_rating=4&query=roof`, { waitUntil: 'networkidle' });
    await page.waitForSelector('#page_results article.review');
    const main = await page.innerText('main');
    expect(main).toMatch(/\d+ matching reviews?/);
    expect(main).not.toMatch(/Showing 1–50/);
    // Clearing the filters brings the static list and its range back.
    await page.click('#page_filters_clear');
    await page.waitForSelector('#page_results', { state: 'hidden' });
    expect(await page.innerText('main')).toMatch(/Showing 1–50, newest first/);
    await context.close();
  });

  it('at 360 px the filter form leaves the first review in the first screen; the folded filters open when the URL uses them', async () => {
    const context = await site.browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${site.origin}/reviews/`, { waitUntil: 'networkidle' });
    const title = await page.$eval('#page_static article.review .review__title', (e) => e.getBoundingClientRect().bottom);
    expect(title).toBeLessThanOrEqual(640);
    await page.goto(`${site.origin}/reviews/?min_rating=4`, { waitUntil: 'networkidle' });
    expect(await page.isVisible('#f_min')).toBe(true);
    expect(await page.inputValue('#f_min')).toBe('4');
    await context.close();
  });

  it('a review card names its author once', async () => {
    const context = await newContext(site.browser, 1280);
    const page = await context.newPage();
    await page.goto(`${site.origin}/reviews/`, { waitUntil: 'networkidle' });
    const cards = await page.$$eval('#page_static article.review', (articles) =>
      articles.map((a) => ({ head: `${a.querySelector('.review__title')!.textContent} ${a.querySelector('.review__meta')!.textContent}` })),
    );
    const doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as { reviews: { author: string }[] };
    expect(cards.length).toBe(50);
    for (const [i, card] of cards.entries()) {
      const author = doc.reviews[i]!.author;
      expect(card.head.split(author).length - 1, card.head).toBe(1);
    }
    await context.close();
  });

  // The axe helper trims what axe reports and runs it in its faster mode: show that it still finds faults.
  it('the axe check itself reports a missing alt text and low contrast, in both of its modes', async () => {
    const context = await newContext(site.browser, 360);
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
});
