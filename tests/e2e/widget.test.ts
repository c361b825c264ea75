import { mkdirSync, writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { newContext, watchPage } from '../helpers/browser.ts';
import { useHostPages, usePageSidecar } from '../helpers/page-sidecar.ts';
import { aspectsInDisplayOrder } from '../../core/insights/aspects-in-display-order.ts';
import type { InsightsDocument } from '../../core/schemas/insights-schema.ts';
import { disclosureSentences } from '../../core/feeds/disclosure-text.ts';

/**
 * The widget as a business's own website uses it: a host page on another origin (another port),
 * under a strict Content-Security-Policy, embeds <shingle-reviews> in each layout, and the /embed/
 * iframe. Checks what the visitor sees against /reviews.json, keyboard access, axe, and that
 * nothing else is loaded and no cookie is set.
 */
interface ReviewsDoc {
  aggregateRating: { average: number; count: number };
  moderation: { received: number; published: number };
  reviews: { id: string; date: string; author: string; rating: number }[];
}

const site = usePageSidecar();
let doc: ReviewsDoc;
/** What the widget must say per aspect, in the home page's order: the sentences of /insights.json. */
let said: { measured: string[]; notYet: string[] };
const transferred: Record<string, number> = {};

function hostPage(body: string, sidecarOrigin: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Summit host page</title></head><body><main><h1>Our roofing company</h1>${body}</main><script type="module" src="${sidecarOrigin}/widget.js"></script></body></html>`;
}

/** widget.json with its `insights` replaced: what a tampered or broken document could hold (served by the host page's origin). */
const HOSTILE_INSIGHTS: Record<string, unknown> = {
  empty: {},
  nulls: { url: 'https://x.example/', aspects: [null, 7, 'x'] },
  text: { url: 'https://x.example/', aspects: 'abc' },
  many: {
    url: 'https://x.example/',
    aspects: Array.from({ length: 5000 }, (_, i) => ({
      id: 'cleanup',
      label: `A${i}`,
      inWords: `Sentence ${i}.`,
      opinions: 40,
      negativeShare: { estimate: 0.5, low: 0.3, high: 0.7 },
    })),
  },
  markup: {
    url: 'javascript:alert(1)',
    aspects: [
      {
        id: 'cleanup',
        label: '<img src=x onerror=alert(1)>',
        inWords: '<b>bold</b>',
        opinions: 40,
        negativeShare: { estimate: 0.5, low: 0.3, high: 0.7 },
      },
    ],
  },
};
let widgetJson: Record<string, unknown>;
/**
 * What /disclosed/widget.json gives its four newest reviews: an employee also offered an incentive; a connection this
 * widget has no words for; the English sentences alone, as an earlier build's widget.json gave them; an incentive of dots.
 */
const INCENTIVE = 'a $25 gift card $& more.';
const OLD_STYLE = 'Disclosure: the reviewer is an employee of the business.';
const DISCLOSED = [
  { relationship: 'employee', incentive: INCENTIVE },
  { relationship: 'business-partner' },
  { relationship: undefined, incentive: undefined, disclosures: [OLD_STYLE] },
  { relationship: undefined, disclosures: undefined, incentive: '...' },
];

const host = useHostPages((req, res) => {
  const hostile = /^\/hostile-(\w+)(\/widget\.json)?$/.exec(req.url ?? '');
  if (hostile && hostile[1]! in HOSTILE_INSIGHTS) {
    if (hostile[2])
      return res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ ...widgetJson, insights: HOSTILE_INSIGHTS[hostile[1]!] }));
    const csp = `default-src 'none'; script-src ${site.origin}; connect-src 'self'; style-src 'none'; img-src 'none'; base-uri 'none'`;
    return res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp })
      .end(hostPage(`<shingle-reviews layout="list" src="${host.origin}/hostile-${hostile[1]}"></shingle-reviews>`, site.origin));
  }
  // widget.json with disclosures on the two newest reviews, served by the host page's origin.
  if (req.url === '/disclosed/widget.json') {
    const reviews = (widgetJson.reviews as Record<string, unknown>[]).map((r, i) => ({ ...r, ...DISCLOSED[i] }));
    return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ...widgetJson, reviews }));
  }
  const disclosedIn = /^\/disclosed(?:-(es|fr))?$/.exec(req.url ?? '');
  if (disclosedIn) {
    const csp = `default-src 'none'; script-src ${site.origin}; connect-src 'self'; style-src 'none'; img-src 'none'; base-uri 'none'`;
    const lang = disclosedIn[1] ? ` lang="${disclosedIn[1]}"` : '';
    return res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp })
      .end(hostPage(`<shingle-reviews layout="list" limit="5"${lang} src="${host.origin}/disclosed"></shingle-reviews>`, site.origin));
  }
  const pages: Record<string, string> = {
    '/list': `<shingle-reviews layout="list" limit="5"></shingle-reviews>`,
    '/carousel': `<shingle-reviews layout="carousel" limit="4"></shingle-reviews>`,
    '/badge': `<shingle-reviews layout="badge"></shingle-reviews>`,
    '/iframe': `<iframe src="${site.origin}/embed/" title="Customer reviews" width="100%" height="720"></iframe>`,
  };
  // A strict policy: scripts, fetches and frames from the sidecar only; no inline anything.
  const csp = `default-src 'none'; script-src ${site.origin}; connect-src ${site.origin}; frame-src ${site.origin}; style-src 'none'; img-src 'none'; base-uri 'none'`;
  const body = pages[req.url ?? ''];
  if (!body) return res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp }).end(hostPage(body, site.origin));
});

beforeAll(async () => {
  doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as ReviewsDoc;
  widgetJson = (await (await fetch(`${site.origin}/widget.json`)).json()) as Record<string, unknown>;
  const insights = (await (await fetch(`${site.origin}/insights.json`)).json()) as InsightsDocument;
  const ordered = aspectsInDisplayOrder(insights.aspects);
  said = {
    measured: ordered.filter((a) => a.negativeShare).map((a) => a.inWords),
    notYet: ordered.filter((a) => !a.negativeShare).map((a) => a.label),
  };
});

afterAll(async () => {
  if (Object.keys(transferred).length > 0) {
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/widget-weight.json', `${JSON.stringify(transferred, null, 2)}\n`);
    console.log(`widget transferred bytes (encoded body, fresh cache): ${JSON.stringify(transferred)}`);
  }
});

/** Opens a host page in a fresh context, watching for errors and requests. */
async function open(path: string, context?: BrowserContext): Promise<{ page: Page; context: BrowserContext; watch: ReturnType<typeof watchPage> }> {
  const ctx = context ?? (await newContext(site.browser, 1280));
  const page = await ctx.newPage();
  const watch = watchPage(page, host.origin);
  page.on('response', async (response) => {
    const name = new URL(response.url()).pathname;
    if (name === '/widget.js' || name === '/widget.json') {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (sizes) transferred[`${path} ${name}`] = sizes.responseBodySize;
    }
  });
  await page.goto(`${host.origin}${path}`, { waitUntil: 'networkidle' });
  return { page, context: ctx, watch };
}

/** Everything in the shadow root of the widget that a test looks at. */
async function widgetView(page: Page) {
  await page.waitForFunction(() => document.querySelector('shingle-reviews')?.shadowRoot?.querySelector('.summary'));
  return page.evaluate(() => {
    const root = document.querySelector('shingle-reviews')!.shadowRoot!;
    return {
      average: root.querySelector('.avg')?.textContent,
      count: root.querySelector('a.count')?.textContent,
      ids: [...root.querySelectorAll<HTMLElement>('li.review')].map((li) => li.dataset.id),
      histogram: root.querySelectorAll('.hist li').length,
      moderation: root.querySelector('.moderation')?.textContent ?? '',
      aspects: [...root.querySelectorAll('li.aspect')].map((li) => li.textContent),
      notYet: root.querySelector('.not-yet')?.textContent ?? null,
      links: root.querySelectorAll('a').length,
      buttons: root.querySelectorAll('button').length,
    };
  });
}

/** Tabs through the page and returns, for each stop, a description of the deepest focused element. */
async function tabStops(page: Page, max = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      let el: Element | null = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      if (!el || el === document.body) return 'body';
      return `${el.tagName.toLowerCase()}|${el.getAttribute('href') ?? el.textContent?.slice(0, 40) ?? ''}`;
    });
    if (stop === 'body' && stops.length > 0) break;
    stops.push(stop);
  }
  return stops;
}

describe('<shingle-reviews> on a page of another origin, under a strict CSP', () => {
  for (const [layout, limit] of [
    ['list', 5],
    ['carousel', 4],
    ['badge', 0],
  ] as const) {
    it(`${layout}: shows what /reviews.json says, no errors, no other requests, no cookies`, async () => {
      const { page, context, watch } = await open(`/${layout}`);
      const view = await widgetView(page);
      expect(view.average).toBe(doc.aggregateRating.average.toFixed(1));
      expect(view.count).toBe(`${doc.aggregateRating.count} verified reviews`);
      expect(view.ids).toEqual(doc.reviews.slice(0, limit).map((r) => r.id));
      expect(view.histogram).toBe(layout === 'badge' ? 0 : 5);
      if (layout !== 'badge')
        expect(view.moderation).toContain(`Reviews received: ${doc.moderation.received}; published: ${doc.moderation.published};`);
      // What customers say per aspect, as /insights.json says it (estimate, interval, opinions); the badge is the rating alone.
      expect(view.aspects).toEqual(layout === 'badge' ? [] : said.measured);
      expect(view.notYet).toBe(layout === 'badge' || said.notYet.length === 0 ? null : `Not enough opinions yet on: ${said.notYet.join(', ')}.`);
      expect(watch.errors).toEqual([]);
      expect(
        watch.foreignRequests.every((u) => new URL(u).origin === site.origin),
        watch.foreignRequests.join('\n'),
      ).toBe(true);
      expect(watch.foreignRequests.map((u) => new URL(u).pathname).sort()).toEqual(['/widget.js', '/widget.json']);
      expect(await context.cookies()).toEqual([]);
      await context.close();
    });

    it(`${layout}: every link and button is reachable by keyboard, and axe finds nothing`, async () => {
      const { page, context } = await open(`/${layout}`);
      const view = await widgetView(page);
      const stops = await tabStops(page);
      const focusable = await page.evaluate(() =>
        [...document.querySelector('shingle-reviews')!.shadowRoot!.querySelectorAll('a, button')].map(
          (e) => `${e.tagName.toLowerCase()}|${e.getAttribute('href') ?? e.textContent?.slice(0, 40) ?? ''}`,
        ),
      );
      expect(focusable.length).toBe(view.links + view.buttons);
      for (const f of focusable) expect(stops, `${f} reached by Tab`).toContain(f);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  for (const kind of Object.keys(HOSTILE_INSIGHTS)) {
    it(`a widget.json with ${kind} insights still shows the rating and the reviews, draws no markup and at most 8 aspects`, async () => {
      const { page, context, watch } = await open(`/hostile-${kind}`);
      const view = await widgetView(page);
      expect(view.average).toBe(doc.aggregateRating.average.toFixed(1));
      expect(view.ids).toEqual(doc.reviews.slice(0, 3).map((r) => r.id));
      expect(view.aspects.length).toBeLessThanOrEqual(8);
      const inside = await page.evaluate(() => {
        const root = document.querySelector('shingle-reviews')!.shadowRoot!;
        return { markup: root.querySelectorAll('img, b').length, links: [...root.querySelectorAll('a')].map((a) => a.getAttribute('href')) };
      });
      expect(inside.markup).toBe(0);
      expect(inside.links.some((h) => h?.startsWith('javascript:'))).toBe(false);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  }

  // 16 CFR 465: a disclosure is stated where the review is, the widget included, in the words its visitor reads.
  // Each of the five newest reviews' disclosures, with the `lang` each is marked with ('' for none).
  const disclosedSays: Record<string, string[][][]> = {
    '': [
      disclosureSentences({ relationship: 'employee', incentive: INCENTIVE }).map((d) => [d, '']),
      [['Disclosure: the reviewer has a connection to the business.', '']],
      [[OLD_STYLE, 'en']],
      disclosureSentences({ incentive: '...' }).map((d) => [d, '']),
      [],
    ],
    es: [
      [
        ['Aviso: quien escribe la opinión trabaja para la empresa.', ''],
        ['Aviso: a quien escribe la opinión se le ofreció a $25 gift card $& more.', ''],
      ],
      [['Aviso: quien escribe la opinión tiene un vínculo con la empresa.', '']],
      [[OLD_STYLE, 'en']],
      [['Aviso: a quien escribe la opinión se le ofreció ....', '']],
      [],
    ],
    fr: [
      [
        ['À noter : l’auteur de l’avis travaille pour l’entreprise.', ''],
        ['À noter : on a proposé à l’auteur de l’avis a $25 gift card $& more.', ''],
      ],
      [['À noter : l’auteur de l’avis a un lien avec l’entreprise.', '']],
      [[OLD_STYLE, 'en']],
      [['À noter : on a proposé à l’auteur de l’avis ....', '']],
      [],
    ],
  };
  for (const [lang, says] of Object.entries(disclosedSays)) {
    it(`states each review\u2019s disclosures with it ${lang ? `in ${lang}` : 'in English, as the site does'}: a connection it has no words for, and an earlier build\u2019s sentences too`, async () => {
      const { page, context, watch } = await open(lang ? `/disclosed-${lang}` : '/disclosed');
      await widgetView(page);
      const shown = await page.evaluate(() =>
        [...document.querySelector('shingle-reviews')!.shadowRoot!.querySelectorAll('li.review')]
          .slice(0, 5)
          .map((li) => [...li.querySelectorAll<HTMLElement>('p.disclosure')].map((p) => [p.textContent, p.lang])),
      );
      expect(shown).toEqual(says);
      expect(watch.errors).toEqual([]);
      await context.close();
    });
  }

  it('takes custom properties and ::part() from the host page', async () => {
    // The host page's own stylesheet (injected, so the test context bypasses the host's CSP for it).
    const context = await site.browser.newContext({ bypassCSP: true });
    const { page } = await open('/list', context);
    await widgetView(page);
    await page.addStyleTag({
      content: 'shingle-reviews { --shingle-accent: rgb(1, 2, 3); } shingle-reviews::part(heading) { text-transform: uppercase; }',
    });
    const styles = await page.evaluate(() => {
      const root = document.querySelector('shingle-reviews')!.shadowRoot!;
      return { link: getComputedStyle(root.querySelector('a.all')!).color, heading: getComputedStyle(root.querySelector('h2')!).textTransform };
    });
    expect(styles).toEqual({ link: 'rgb(1, 2, 3)', heading: 'uppercase' });
    await context.close();
  });

  it('follows prefers-color-scheme and prefers-reduced-motion', async () => {
    const context = await site.browser.newContext({ colorScheme: 'dark', reducedMotion: 'reduce' });
    const { page } = await open('/carousel', context);
    await widgetView(page);
    const colours = await page.evaluate(() => {
      const box = document.querySelector('shingle-reviews')!.shadowRoot!.querySelector('.box')!;
      return getComputedStyle(box).backgroundColor;
    });
    expect(colours).toBe('rgb(22, 25, 29)');
    const smooth = await page.evaluate(
      () => getComputedStyle(document.querySelector('shingle-reviews')!.shadowRoot!.querySelector('ol')!).scrollBehavior,
    );
    expect(smooth).toBe('auto');
    await context.close();
  });
});

describe('the iframe form (/embed/)', () => {
  it('is sized by the postMessage height protocol, shows the same data, no errors, no cookies', async () => {
    const { page, context, watch } = await open('/iframe');
    await page.waitForFunction(() => document.querySelector('iframe')!.style.height !== '');
    const height = await page.evaluate(() => Number.parseInt(document.querySelector('iframe')!.style.height, 10));
    const frame = page.frames().find((f) => f.url().startsWith(`${site.origin}/embed/`))!;
    const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(height - inner)).toBeLessThanOrEqual(2);
    expect(await frame.textContent('.avg')).toBe(doc.aggregateRating.average.toFixed(1));
    const ids = await frame.$$eval('li[data-review-id]', (els) => els.map((e) => e.getAttribute('data-review-id')));
    expect(ids).toEqual(doc.reviews.slice(0, 5).map((r) => r.id));
    expect(await frame.$$eval('.aspects li', (els) => els.map((e) => e.textContent))).toEqual(said.measured);
    expect(watch.errors).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    // The widget's iframe comes from the sidecar's origin, not the host page's.
    expect(await axeViolations(page, { crossOriginFrames: true })).toEqual([]);
    await context.close();
  });

  it('is readable at its fixed height without JavaScript', async () => {
    const context = await newContext(site.browser, 1280, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${host.origin}/iframe`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.querySelector('iframe')!.clientHeight)).toBe(720);
    const frame = page.frames().find((f) => f.url().startsWith(`${site.origin}/embed/`))!;
    expect(await frame.textContent('h1')).toMatch(/Customer reviews of/);
    expect(await frame.textContent('.avg')).toBe(doc.aggregateRating.average.toFixed(1));
    await context.close();
  });
});

describe('the developer page generator', () => {
  it('writes the snippet and updates the live preview, which is the real widget', async () => {
    const context = await newContext(site.browser, 1280);
    const page = await context.newPage();
    const watch = watchPage(page, site.origin);
    await page.goto(`${site.origin}/developers/#page_widget`, { waitUntil: 'networkidle' });
    await page.selectOption('#w_layout', 'badge');
    await page.fill('#w_limit', '7');
    await page.dispatchEvent('#w_limit', 'input');
    const snippet = await page.textContent('#page_widget_snippet');
    expect(snippet).toContain('<shingle-reviews limit="7" layout="badge"></shingle-reviews>');
    expect(snippet).toContain('/widget.js"></script>');
    await page.waitForFunction(() => !document.querySelector('#page_widget_preview shingle-reviews')!.shadowRoot!.querySelector('.hist'));
    expect(await page.getAttribute('#page_widget_preview shingle-reviews', 'layout')).toBe('badge');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
