import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WidgetDocument } from '../../core/widget/widget-document-schema.ts';
import { newContext, watchPage } from '../helpers/browser.ts';
import { useHostPages, usePageSidecar } from '../helpers/page-sidecar.ts';

/**
 * <shingle-reviews> in the host pages a business really has: a one-column page and a two-column
 * page (an article beside the widget, two flex columns that wrap to one on a phone), at 360 and
 * 1280 px, in every layout. The host page never scrolls sideways, the widget never squeezes the
 * other column, the histogram bars are as long as the shares they stand for, words agree with
 * their numbers in every language, and an invalid `lang` or a very long word breaks nothing.
 * Set SHINGLE_SHOTS_DIR to keep screenshots of the host pages.
 */
const LAYOUTS = ['list', 'carousel', 'badge'] as const;
const WIDTHS = [360, 1280] as const;
const LONG_WORD = `https://example.com/${'very-long-path-segment-'.repeat(8)}end and Supercalifragilisticexpialidocious${'x'.repeat(80)}`;
const ARTICLE = '<article><h2>About us</h2><p>Family-owned roofers since 2009: replacements, repairs, gutters and skylights.</p></article>';
const HOST_CSS = `body{margin:0;font:16px/1.5 serif}main{max-width:60rem;margin:0 auto;padding:1rem}
.cols{display:flex;flex-wrap:wrap;gap:1rem}.cols>*{flex:1 1 280px}`;

const site = usePageSidecar();
let widgetDoc: WidgetDocument;
/** Widget documents the host serves itself (fetched by `src=`), made from the sample's in the beforeAll. */
let data: Record<string, WidgetDocument> = {};

/** A host page: `lang` on <html>, the widget's element `tag` in one column or beside an article. */
function hostPage(tag: string, columns: 1 | 2, lang = 'en'): string {
  const body = columns === 1 ? tag : `<div class="cols">${ARTICLE}<div class="widget-column">${tag}</div></div>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host page</title><link rel="stylesheet" href="/host.css"></head><body><main><h1>Our roofing company</h1>${body}</main><script type="module" src="${site.origin}/widget.js"></script></body></html>`;
}

/** The sample's widget document with one review's text and the business name made of very long words. */
function longWordDoc(): WidgetDocument {
  const [first, ...rest] = widgetDoc.reviews;
  return {
    ...widgetDoc,
    business: { name: `Summit${'Ridge'.repeat(12)} Roofing` },
    reviews: [{ ...first!, text: LONG_WORD, title: LONG_WORD }, ...rest],
  };
}

/** A document with one review in all: every count is 0 or 1, where the plural forms differ. */
function oneReviewDoc(): WidgetDocument {
  const histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 };
  return { ...widgetDoc, aggregateRating: { ...widgetDoc.aggregateRating, average: 5, count: 1, histogram }, reviews: widgetDoc.reviews.slice(0, 1) };
}

const host = useHostPages((req, res) => {
  const url = new URL(req.url ?? '/', 'http://host');
  const json = data[url.pathname];
  if (json) return res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(JSON.stringify(json));
  if (url.pathname === '/host.css') return res.writeHead(200, { 'Content-Type': 'text/css' }).end(HOST_CSS);
  if (url.pathname !== '/page') return res.writeHead(404).end();
  const csp = `default-src 'none'; script-src ${site.origin}; connect-src ${site.origin} ${host.origin}; style-src 'self'; img-src 'none'; base-uri 'none'`;
  const tag = url.searchParams.get('tag') ?? '';
  const page = hostPage(tag, url.searchParams.get('columns') === '2' ? 2 : 1, url.searchParams.get('lang') ?? 'en');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp }).end(page);
});

beforeAll(async () => {
  widgetDoc = (await (await fetch(`${site.origin}/widget.json`)).json()) as WidgetDocument;
  data = { '/long/widget.json': longWordDoc(), '/one/widget.json': oneReviewDoc() };
});

/** Opens a host page at a viewport width and waits until the widget has rendered (or failed). */
async function openHost(
  width: number,
  query: { tag: string; columns?: 1 | 2; lang?: string },
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(site.browser, width);
  const page = await context.newPage();
  const watch = watchPage(page, host.origin);
  const params = new URLSearchParams({ tag: query.tag, columns: String(query.columns ?? 1), lang: query.lang ?? 'en' });
  await page.goto(`${host.origin}/page?${params}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.querySelector('shingle-reviews')?.shadowRoot?.querySelector('.summary, .error'));
  return { page, errors: watch.errors, close: () => context.close() };
}

/** What overflows: the page's scroll width against the viewport, and the widget's and columns' boxes. */
function measure(page: Page) {
  return page.evaluate(() => {
    const widget = document.querySelector('shingle-reviews')!;
    const root = widget.shadowRoot!;
    const box = root.querySelector('.box')!.getBoundingClientRect();
    const columns = [...document.querySelectorAll('.cols > *')].map((c) => c.getBoundingClientRect().width);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth,
      boxRight: box.right,
      boxWidth: box.width,
      columns,
      error: root.querySelector('.error')?.textContent ?? null,
      bars: [...root.querySelectorAll('.hist li')].map((li) => ({
        label: li.querySelector('.label')!.textContent,
        bar: li.querySelector('.bar')!.getBoundingClientRect().width,
        track: li.querySelector('.track')!.getBoundingClientRect().width,
      })),
    };
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHINGLE_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `widget-${name}.png`), fullPage: true });
}

describe('<shingle-reviews> in one- and two-column host pages', () => {
  for (const columns of [1, 2] as const) {
    for (const width of WIDTHS) {
      it(`${columns} column(s) at ${width} px: no sideways scrolling, columns not squeezed, bars as long as their shares`, async () => {
        for (const layout of LAYOUTS) {
          const { page, errors, close } = await openHost(width, { tag: `<shingle-reviews layout="${layout}" limit="4"></shingle-reviews>`, columns });
          const m = await measure(page);
          const where = `${layout}, ${columns} column(s), ${width} px`;
          expect(m.error, where).toBeNull();
          expect(m.scrollWidth, where).toBeLessThanOrEqual(m.innerWidth);
          expect(m.boxRight, where).toBeLessThanOrEqual(m.innerWidth);
          // flex: 1 1 280px: side by side, both columns get the same width unless one's min-content forces it wider.
          if (columns === 2 && width === 1280) expect(Math.abs(m.columns[0]! - m.columns[1]!), `${where}: ${m.columns}`).toBeLessThanOrEqual(1);
          const { count, histogram } = widgetDoc.aggregateRating;
          expect(m.bars.length, where).toBe(layout === 'badge' ? 0 : 5);
          for (const [i, bar] of m.bars.entries()) {
            const share = histogram[String(5 - i) as '1'] / count;
            expect(bar.track, where).toBeGreaterThan(40);
            expect(bar.bar / bar.track, `${where}: ${bar.label}`).toBeCloseTo(share, 2);
          }
          if (layout === 'carousel') await screenshot(page, `${columns}col-${width}`);
          expect(errors, where).toEqual([]);
          await close();
        }
      });
    }
  }

  it('a very long word or URL wraps inside the widget, even at 360 px in a two-column page', async () => {
    for (const layout of LAYOUTS) {
      for (const columns of [1, 2] as const) {
        const tag = `<shingle-reviews src="${host.origin}/long" layout="${layout}" limit="3"></shingle-reviews>`;
        const { page, close } = await openHost(360, { tag, columns });
        const m = await measure(page);
        expect(m.error).toBeNull();
        expect(m.scrollWidth, `${layout} ${columns}`).toBeLessThanOrEqual(360);
        expect(m.boxRight, `${layout} ${columns}`).toBeLessThanOrEqual(360);
        if (layout === 'list' && columns === 1) await screenshot(page, 'long-word-360');
        await close();
      }
    }
  });

  it.each(['en_US', 'not a language!', ''])('an invalid lang on the host page (%j) falls back to a valid locale', async (lang) => {
    const { page, errors, close } = await openHost(1280, { tag: '<shingle-reviews layout="list"></shingle-reviews>', lang });
    const m = await measure(page);
    expect(m.error).toBeNull();
    const count = await page.evaluate(() => document.querySelector('shingle-reviews')!.shadowRoot!.querySelector('a.count')!.textContent);
    expect(count).toBe(`${widgetDoc.aggregateRating.count} verified reviews`);
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['en', '1 verified review', ['1 star', '2 stars']],
    ['es', '1 opinión verificada', ['1 estrella', '2 estrellas']],
    ['fr', '1 avis vérifié', ['1 étoile', '2 étoiles']],
  ])('speaks %s with singular and plural where they belong', async (lang, reviews, stars) => {
    const tag = `<shingle-reviews src="${host.origin}/one" lang="${lang}" layout="list"></shingle-reviews>`;
    const { page, close } = await openHost(1280, { tag });
    const text = await page.evaluate(() => {
      const root = document.querySelector('shingle-reviews')!.shadowRoot!;
      return { count: root.querySelector('a.count')!.textContent, labels: [...root.querySelectorAll('.hist .label')].map((l) => l.textContent) };
    });
    expect(text.count).toBe(reviews);
    expect(text.labels.slice(3)).toEqual([stars[1], stars[0]]);
    await close();
  });
});
