import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from '../helpers/browser.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';

/**
 * Page weight (bytes on the wire and requests, from Chrome's network events), layout stability, and
 * the screenshots of the home page at 360 and 1280 px (test-results/, not committed).
 */
const results = resolve(import.meta.dirname, '../../test-results');
const site = usePageSidecar();

interface Weight {
  page: string;
  width: number;
  requests: number;
  transferredBytes: number;
  htmlBytes: number;
  htmlGzipBytes: number;
  reviewTextBytes: number;
  withoutReviewText: number;
  cls: number;
  shifts: string;
  urls: string;
}
const weights: Weight[] = [];

beforeAll(async () => {
  mkdirSync(results, { recursive: true });
});

afterAll(async () => {
  if (weights.length > 0) {
    writeFileSync(join(results, 'page-weight.json'), `${JSON.stringify(weights, null, 2)}\n`);
    console.log('\npage weight (fresh cache):');
    console.table(weights);
  }
});

async function measure(path: string, width: number): Promise<Weight> {
  const context = await newContext(site.browser, width);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Requests that reach the network: data: URLs (Chromium's own form-control icons) are not requests.
  let transferred = 0;
  const urls: string[] = [];
  const counted = new Set<string>();
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
    if (e.request.url.startsWith('data:')) return;
    counted.add(e.requestId);
    urls.push(new URL(e.request.url).pathname);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (counted.has(e.requestId)) transferred += e.encodedDataLength;
  });
  // The shifts and what moved in each (element, rectangles before and after), so a failure says where.
  await page.addInitScript(() => {
    type Rect = { x: number; y: number; width: number; height: number };
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Element; previousRect: Rect; currentRect: Rect }[] };
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    const box = (r: Rect) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const moved = (entry.sources ?? []).map((s) => {
          const node = s.node
            ? `${s.node.nodeName.toLowerCase()}${s.node.id ? `#${s.node.id}` : ''}${s.node.className ? `.${String(s.node.className).split(' ').join('.')}` : ''}`
            : '?';
          return `${node} ${box(s.previousRect)} -> ${box(s.currentRect)}`;
        });
        w.__shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const response = await page.goto(`${site.origin}${path}`, { waitUntil: 'networkidle' });
  const html = await response!.body();
  const measured = await page.evaluate(() => {
    const enc = new TextEncoder();
    let bytes = 0;
    for (const el of document.querySelectorAll('.review__title, .review__text, .review__reply-text'))
      bytes += enc.encode(el.textContent ?? '').length;
    // The JSON-LD repeats the shown reviews' titles and bodies.
    for (const s of document.querySelectorAll('script[type="application/ld+json"]')) {
      const ld = JSON.parse(s.textContent ?? '{}') as { review?: { name?: string; reviewBody?: string }[] };
      for (const r of ld.review ?? []) bytes += enc.encode(JSON.stringify(r.name ?? '') + JSON.stringify(r.reviewBody ?? '')).length;
    }
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { reviewTextBytes: bytes, cls: w.__cls, shifts: w.__shifts };
  });
  await context.close();
  return {
    page: path,
    width,
    requests: urls.length,
    transferredBytes: transferred,
    htmlBytes: html.length,
    htmlGzipBytes: gzipSync(html, { level: 6 }).length,
    reviewTextBytes: measured.reviewTextBytes,
    withoutReviewText: transferred - measured.reviewTextBytes,
    cls: Math.round(measured.cls * 10000) / 10000,
    shifts: measured.shifts.join(' | '),
    urls: urls.join(' '),
  };
}

describe('page weight, stability and screenshots', () => {
  it('home page: under 200 KB without review text, no layout shift', async () => {
    for (const width of [360, 1280]) {
      const w = await measure('/', width);
      weights.push(w);
      expect(w.withoutReviewText).toBeLessThan(200 * 1024);
      expect(w.cls, `layout shifts on / at ${width}px: ${w.shifts}`).toBe(0);
      // The page travels precompressed: far fewer bytes than its HTML.
      expect(w.transferredBytes).toBeLessThan(w.htmlBytes / 2);
      expect(w.requests).toBeLessThanOrEqual(4);
    }
  });

  it('reviews page: compressed, few requests, under 200 KB without review text, no layout shift', async () => {
    for (const width of [360, 1280]) {
      const w = await measure('/reviews/', width);
      weights.push(w);
      expect(w.cls, `layout shifts on /reviews/ at ${width}px: ${w.shifts}`).toBe(0);
      expect(w.withoutReviewText).toBeLessThan(200 * 1024);
      expect(w.transferredBytes).toBeLessThan(w.htmlBytes / 2);
      expect(w.requests).toBeLessThanOrEqual(5);
    }
  });

  it('writes screenshots of the home page at 360 and 1280 px', async () => {
    for (const width of [360, 1280]) {
      const context = await newContext(site.browser, width);
      const page = await context.newPage();
      await page.goto(`${site.origin}/`, { waitUntil: 'networkidle' });
      const file = join(results, `home-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      // A real picture of the whole page at that width, and no horizontal scrolling.
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(width);
      expect(png.readUInt32BE(20)).toBeGreaterThan(1000);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await page.locator('h1').first().textContent()).toBeTruthy();
      await page.screenshot({ path: join(results, `home-${width}-viewport.png`) });
      await page.goto(`${site.origin}/reviews/`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(results, `reviews-${width}-viewport.png`) });
      await page.goto(`${site.origin}/developers/`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(results, `developers-${width}-viewport.png`) });
      await context.close();
    }
  });
});
