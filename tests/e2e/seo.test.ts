import { describe, expect, inject, it } from 'vitest';
import { newContext } from '../helpers/browser.ts';
import { reviewIds } from '../helpers/review-ids.ts';
import { usePageSidecar } from '../helpers/page-sidecar.ts';
import { VERIFICATION_MEANS, VERIFICATION_PROMISE } from '../../core/model/moderation-record.ts';

const site = usePageSidecar();
const base = inject('baseUrl');

interface ReviewsDoc {
  business: { name: string; telephone: string };
  aggregateRating: { average: number; count: number };
  reviews: { id: string; date: string; rating: number; author: string; text: string; title?: string }[];
}

describe('structured data and discovery', () => {
  it('home page JSON-LD (parsed in the browser) is a RoofingContractor matching /reviews.json', async () => {
    const doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as ReviewsDoc;
    const { page, context } = await site.open('/');
    const blocks = await page.$$eval('script[type="application/ld+json"]', (els) =>
      els.map((e) => JSON.parse(e.textContent ?? '') as Record<string, any>),
    );
    expect(blocks).toHaveLength(1);
    const ld = blocks[0]!;
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('RoofingContractor');
    expect(ld.name).toBe(doc.business.name);
    expect(ld.telephone).toBe(doc.business.telephone);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: doc.aggregateRating.average,
      reviewCount: doc.aggregateRating.count,
      bestRating: 5,
      worstRating: 1,
    });
    // The reviews in the markup are exactly the reviews shown on the page, with their data.
    const shown = await reviewIds(page, 'main');
    expect(ld.review.map((r: { url: string }) => new URL(r.url).hash.slice(1))).toEqual(shown);
    const byId = new Map(doc.reviews.map((r) => [r.id, r]));
    for (const r of ld.review) {
      const source = byId.get(new URL(r.url).hash.slice(1))!;
      expect(r['@type']).toBe('Review');
      expect(r.reviewRating.ratingValue).toBe(source.rating);
      expect(r.author).toEqual({ '@type': 'Person', name: source.author });
      expect(r.datePublished).toBe(source.date);
      if (source.text.trim()) expect(r.reviewBody).toBe(source.text);
    }
    await context.close();
  });

  it('every page has a canonical URL, Open Graph tags and both feeds as alternates', async () => {
    const context = await newContext(site.browser);
    const page = await context.newPage();
    for (const path of ['/', '/reviews/', '/reviews/page/2/', '/developers/']) {
      await page.goto(`${site.origin}${path}`);
      const head = await page.evaluate(() => ({
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        og: Object.fromEntries(
          [...document.querySelectorAll('meta[property^="og:"]')].map((m) => [m.getAttribute('property'), m.getAttribute('content')]),
        ),
        alternates: [...document.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('type'), l.getAttribute('href')]),
        description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      }));
      expect(head.canonical).toBe(`${base}${path}`);
      expect(head.og['og:url']).toBe(`${base}${path}`);
      expect(head.og['og:type']).toBe('website');
      expect(head.og['og:title']).toBeTruthy();
      expect(head.og['og:description']).toBeTruthy();
      expect(head.og['og:site_name']).toBeTruthy();
      expect(head.description.length).toBeGreaterThan(20);
      expect(head.alternates).toEqual([
        ['application/atom+xml', '/feed.xml'],
        ['application/feed+json', '/api/feed.json'],
      ]);
    }
    await context.close();
  });

  it('sitemap.xml lists every page, and each one exists', async () => {
    const res = await fetch(`${site.origin}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as ReviewsDoc;
    const months = new Set(doc.reviews.map((r) => r.date.slice(0, 7)));
    const pages = Math.ceil(doc.reviews.length / 50);
    expect(locs).toContain(`${base}/`);
    expect(locs).toContain(`${base}/developers/`);
    for (const m of months) expect(locs).toContain(`${base}/reviews/${m}/`);
    expect(locs).toContain(`${base}/reviews/`);
    for (let n = 1; n <= pages; n++) expect(locs).toContain(`${base}/reviews/page/${n}/`);
    expect(locs).toHaveLength(2 + pages + months.size + 1);
    for (const loc of locs) {
      const r = await fetch(`${site.origin}${new URL(loc).pathname}`, { method: 'HEAD' });
      expect(r.status, loc).toBe(200);
    }
  });

  it('the footer and llms.txt name every way a review is verified (not only a job), each way the reviews used among them', async () => {
    const doc = (await (await fetch(`${site.origin}/reviews.json`)).json()) as { reviews: { verification: { method: string } }[] };
    const used = new Set(doc.reviews.map((r) => r.verification.method));
    expect(used.size).toBeGreaterThan(1); // the sample has phone-confirmed and platform-verified reviews beside job matches
    for (const method of used) expect(VERIFICATION_PROMISE).toContain(VERIFICATION_MEANS[method as keyof typeof VERIFICATION_MEANS]);
    const llms = await (await fetch(`${site.origin}/llms.txt`)).text();
    const home = await (await fetch(`${site.origin}/`)).text();
    for (const text of [llms, home.replaceAll('&#39;', "'")]) {
      expect(text).toContain(VERIFICATION_PROMISE);
      expect(text).not.toContain('real job');
    }
  });

  it('robots.txt announces the sitemap and llms.txt points agents at MCP and the JSON documents', async () => {
    const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
    const res = await fetch(`${site.origin}/llms.txt`);
    expect(res.status).toBe(200);
    const llms = await res.text();
    expect(llms.startsWith('# ')).toBe(true);
    for (const path of [
      '/mcp',
      '/reviews.json',
      '/insights.json',
      '/api/reviews/search',
      '/api/feed.json',
      '/feed.xml',
      '/.well-known/openapi.json',
    ]) {
      expect(llms).toContain(`${base}${path}`);
    }
    // No example link filters by stars: an agent copying it would read only the good reviews.
    for (const [, url] of llms.matchAll(/\]\((http[^)]+)\)/g)) expect(new URL(url!).searchParams.has('min_rating'), url).toBe(false);
    // Every link in llms.txt resolves on the real service (except the POST-only MCP endpoint).
    for (const [, url] of llms.matchAll(/\]\((http[^)]+)\)/g)) {
      const u = new URL(url!);
      if (u.pathname === '/mcp') continue;
      const r = await fetch(`${site.origin}${u.pathname}${u.search}`);
      expect(r.status, url).toBe(200);
    }
  });
});
