import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newContext, watchPage } from '../helpers/browser.ts';
import { buildContent, usePageSidecar } from '../helpers/page-sidecar.ts';

/**
 * tests/fixtures/malicious-content holds reviews whose title, text, owner reply and photo alt text are
 * attacks (<script>, <img onerror>, javascript: links, attribute and </script> break-outs). Built into
 * its own dist and served by the real sidecar, every page must show them as text and run none of them.
 * The sidecar's Content-Security-Policy is stripped in the browser so escaping alone is what is tested.
 */
const FIXTURE = 'tests/fixtures/malicious-content';
const BASE = 'http://localhost:4321';
const root = resolve(import.meta.dirname, '../..');

interface HostileReview {
  id: string;
  date: string;
  title?: string;
  text: string;
  ownerReply?: { text: string };
  photos?: { alt: string }[];
}
const hostile: HostileReview[] = readFileSync(join(root, FIXTURE, 'reviews/hostile.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as HostileReview);

let scratch: string | undefined;
// Registered before the sidecar's hooks, so it runs after the sidecar stopped (afterAll hooks run in reverse).
afterAll(() => void (scratch && rmSync(scratch, { recursive: true, force: true })));
const site = usePageSidecar({
  build: async () => {
    scratch = mkdtempSync(join(tmpdir(), 'shingle-malicious-'));
    const distDir = join(scratch, 'dist');
    await buildContent(FIXTURE, distDir, BASE);
    return { distDir, baseUrl: BASE };
  },
  timeoutMs: 120_000,
});

/** Opens a page with CSP removed, and records dialogs, console errors and any payload that ran. */
async function openInert(path: string, width = 1280): Promise<{ page: Page; dialogs: string[]; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(site.browser, width);
  await context.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers });
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const watch = watchPage(page, site.origin);
  await page.goto(`${site.origin}${path}`, { waitUntil: 'networkidle' });
  return { page, dialogs, errors: watch.errors, close: () => context.close() };
}

/** Markup that would only exist if review text had been parsed as HTML. */
function injectedMarkup(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    scripts: [...document.scripts].filter((s) => !(s.type === 'application/ld+json' || (s.type === 'module' && s.src.includes('/_astro/')))).length,
    imgs: document.querySelectorAll('main img').length,
    iframes: document.querySelectorAll('iframe').length,
    handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
    jsLinks: [...document.querySelectorAll('a[href]')].filter((a) => a.getAttribute('href')!.trim().toLowerCase().startsWith('javascript:')).length,
    bold: document.querySelectorAll('main b').length,
    svgOutsideCharts: [...document.querySelectorAll('main svg')].filter((s) => !s.closest('.chart')).length,
    bodyVisible: getComputedStyle(document.body).display !== 'none',
  }));
}

const CLEAN = { pwned: null, scripts: 0, imgs: 0, iframes: 0, handlers: 0, jsLinks: 0, bold: 0, svgOutsideCharts: 0, bodyVisible: true };

describe('malicious review content renders inert', () => {
  it.each(['/', '/reviews/', '/reviews/2026-10/'])('%s runs no payload and shows the attacks as text', async (path) => {
    const { page, dialogs, errors, close } = await openInert(path);
    expect(await injectedMarkup(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    // Each hostile review on this page shows its title, text and reply exactly, as text.
    for (const r of hostile) {
      const article = await page.$(`main [id="${r.id}"]`);
      if (!article) continue;
      if (r.title) expect(await article.$eval('.review__title', (e) => e.textContent)).toBe(r.title);
      expect(await article.$eval('.review__text', (e) => e.textContent)).toBe(r.text);
      if (r.ownerReply) expect(await article.$eval('.review__reply-text', (e) => e.textContent)).toBe(r.ownerReply.text);
      for (const p of r.photos ?? []) expect(await article.textContent()).toContain(p.alt);
    }
    await close();
  });

  it('the JSON-LD keeps hostile strings as data: it parses and round-trips them', async () => {
    const { page, close } = await openInert('/');
    const ld = await page.$eval(
      'script[type="application/ld+json"]',
      (e) => JSON.parse(e.textContent ?? '') as { review: { url: string; reviewBody?: string; name?: string }[] },
    );
    const raw = await page.$eval('script[type="application/ld+json"]', (e) => e.textContent ?? '');
    expect(raw).not.toMatch(/[<>]/);
    for (const r of ld.review) {
      const source = hostile.find((h) => r.url.endsWith(`#${h.id}`))!;
      expect(r.reviewBody).toBe(source.text);
      expect(r.name).toBe(source.title);
    }
    await close();
  });

  it('the filter results (built in the browser from API data) are inert too', async () => {
    const { page, dialogs, close } = await openInert('/reviews/?query=window');
    await page.waitForSelector('#page_results:not([hidden])');
    const ids = await page.$$eval('#page_results article.review', (els) => els.map((e) => e.id));
    expect(ids.length).toBeGreaterThan(2);
    expect(await injectedMarkup(page)).toEqual(CLEAN);
    expect(dialogs).toEqual([]);
    for (const id of ids) {
      const r = hostile.find((h) => h.id === id)!;
      expect(await page.$eval(`#page_results [id="${id}"] .review__text`, (e) => e.textContent)).toBe(r.text);
    }
    await close();
  });

  it('the iframe snippet on /developers/ escapes the business name in title="…"', async () => {
    const business = JSON.parse(readFileSync(join(root, FIXTURE, 'business.json'), 'utf8')) as { name: string };
    const { page, close } = await openInert('/developers/');
    const snippets = await page.$$eval('pre code', (codes) => codes.map((c) => c.textContent ?? ''));
    const iframe = snippets.find((s) => s.startsWith('<iframe'))!;
    const title = iframe.match(/ title="([^"]*)"/)![1]!;
    expect(title).toBe('Customer reviews of Summit Ridge &quot;Roofing&quot; &lt;b&gt;&amp;amp;&lt;/b&gt; Sons');
    // Pasted into a page, the snippet is one iframe whose title is the name as written, and nothing else.
    const pasted = await page.evaluate((html) => {
      const body = new DOMParser().parseFromString(html, 'text/html').body;
      return { tags: [...body.querySelectorAll('*')].map((e) => e.tagName), title: body.querySelector('iframe')?.getAttribute('title') };
    }, iframe.split('\n')[0]!);
    expect(pasted).toEqual({ tags: ['IFRAME'], title: `Customer reviews of ${business.name}` });
    await close();
  });

  it.each(['/embed/', '/embed/snippet.html'])('a very long word or URL wraps in %s at 360 px: no sideways scrolling', async (path) => {
    const { page, close } = await openInert(path, 360);
    expect(await page.textContent('body')).toContain('Supercalifragilisticexpialidocious');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await close();
  });

  it('every link in a hostile review is an http(s) link or a permalink', async () => {
    const { page, dialogs, close } = await openInert('/reviews/2026-10/');
    const links = await page.$$('main article.review a');
    for (const link of links) {
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^(https?:|\/reviews\/)/);
    }
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
    await close();
  });
});
