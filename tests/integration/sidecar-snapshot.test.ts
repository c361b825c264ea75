import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BUILD_MANIFEST_FILE, type BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { renderSinceDocument } from '../../core/feeds/render-reviews-document.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import { loadSnapshot, SnapshotLoadError } from '../../sidecar/data/load-snapshot.ts';
import { parseReviewsDocument } from '../../sidecar/data/parse-reviews-document.ts';
import { createSinceRenderer } from '../../sidecar/data/since-bodies.ts';
import { tempDir } from '../helpers/build-fixture.ts';

const distDir = inject('distDir');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function copyDist(): string {
  const dir = join(tempDir('snapshot'), 'dist');
  temps.push(dir);
  cpSync(distDir, dir, { recursive: true, dereference: true });
  return dir;
}
const readManifest = (dir: string) => JSON.parse(readFileSync(join(dir, BUILD_MANIFEST_FILE), 'utf8')) as BuildManifest;
const writeManifest = (dir: string, m: BuildManifest) => writeFileSync(join(dir, BUILD_MANIFEST_FILE), JSON.stringify(m));

describe('loadSnapshot', () => {
  it('loads every document of the manifest, parses the data and builds the search engine', async () => {
    const snapshot = await loadSnapshot(distDir);
    const manifest = readManifest(distDir);
    expect([...snapshot.documents.keys()]).toEqual(manifest.documents.map((d) => d.path));
    const reviews = snapshot.documents.get('/reviews.json')!;
    expect(reviews.identity.bytes.equals(readFileSync(join(distDir, 'reviews.json')))).toBe(true);
    expect(reviews.gzip.etag).toBe(manifest.documents[0]!.gzip.etag);
    // Parsed piecewise and with shared parts, the data is still exactly the document.
    expect(JSON.stringify(snapshot.reviewsDocument)).toBe(readFileSync(join(distDir, 'reviews.json'), 'utf8'));
    expect(snapshot.reviewsById.size).toBe(manifest.reviewCount);
    expect(snapshot.insights.version).toBe('1.0.0');
    expect(snapshot.search.search({ limit: 5 }).total).toBe(manifest.reviewCount);
  });

  it('refuses a file that does not match the manifest, naming it', async () => {
    const dir = copyDist();
    writeFileSync(join(dir, 'insights.json'), `${readFileSync(join(dir, 'insights.json'), 'utf8')} `);
    await expect(loadSnapshot(dir)).rejects.toThrow(/^insights\.json: does not match the manifest/);
    await expect(loadSnapshot(dir)).rejects.toBeInstanceOf(SnapshotLoadError);
  });

  it('refuses a missing file, a missing or invalid manifest, and a manifest pointing outside dist/', async () => {
    const dir = copyDist();
    rmSync(join(dir, 'feed.xml.br'));
    await expect(loadSnapshot(dir)).rejects.toThrow(/feed\.xml\.br: ENOENT/);

    const escape = copyDist();
    const m = readManifest(escape);
    m.documents[1]!.identity.file = '../../../etc/hostname';
    writeManifest(escape, m);
    await expect(loadSnapshot(escape)).rejects.toThrow(/outside dist/);

    const bad = copyDist();
    writeFileSync(join(bad, BUILD_MANIFEST_FILE), '{"version": 2}');
    await expect(loadSnapshot(bad)).rejects.toThrow(/build-manifest\.json/);
    rmSync(join(bad, BUILD_MANIFEST_FILE));
    await expect(loadSnapshot(bad)).rejects.toThrow(/build-manifest\.json: ENOENT/);
  });
});

describe('parseReviewsDocument', () => {
  const tricky = fc.string({ unit: fc.constantFrom('a', 'é', '"', '\\', '{', '}', '[', ']', ',', ':', '\n', '😀', '\u2028', '\ud800', ' ') });
  const reviewArb = fc.record({
    id: fc.string(),
    date: fc.constantFrom('2024-01-01', '2024-01-02'),
    rating: fc.integer({ min: 1, max: 5 }),
    text: tricky,
    author: fc.constantFrom('Maria G.', 'Zoë K.'),
    consent: fc.constant(true),
    source: fc.record({ platform: fc.constantFrom('google', 'yelp') }),
    language: fc.constant('en'),
    url: fc.constant('https://x.example/r'),
    verification: fc.record({ status: fc.constant('verified'), method: fc.constant('job-match'), verifiedOn: fc.constant('2024-01-03') }),
    technicians: fc.array(fc.record({ id: fc.constantFrom('a', 'b'), name: tricky })),
    services: fc.array(fc.record({ id: fc.constant('s'), name: fc.constant('S') })),
    serviceArea: fc.option(fc.record({ id: fc.constant('x'), name: tricky }), { nil: null }),
    photos: fc.constant([]),
  });
  it('gives exactly JSON.parse, and each review ends where the layout says', () => {
    fc.assert(
      fc.property(fc.array(reviewArb, { maxLength: 12 }), tricky, (reviews, name) => {
        const doc = {
          version: '1.0.0',
          updated: null,
          business: { name, reviews: '"reviews":[' },
          aggregateRating: { count: reviews.length },
          reviews,
        };
        const bytes = Buffer.from(JSON.stringify(doc));
        const { document, layout } = parseReviewsDocument(bytes);
        expect(document).toEqual(JSON.parse(bytes.toString()));
        expect(layout).not.toBeNull();
        layout!.ends.forEach((end, i) => {
          const begin = i === 0 ? layout!.start + 1 : layout!.ends[i - 1]! + 1;
          expect(bytes.toString('utf8', begin, end)).toBe(JSON.stringify(reviews[i]));
        });
      }),
      { numRuns: 300 },
    );
  });
  it('falls back to JSON.parse when reviews is not the last key', () => {
    const bytes = Buffer.from(JSON.stringify({ reviews: [{ id: 'a', technicians: [], services: [], photos: [] }], version: '1.0.0' }));
    const { document, layout } = parseReviewsDocument(bytes);
    expect(layout).toBeNull();
    expect(document).toEqual(JSON.parse(bytes.toString()));
  });
  it('shares equal parts between reviews, frozen', () => {
    const { document } = parseReviewsDocument(readFileSync(join(distDir, 'reviews.json')));
    for (const part of ['source', 'verification', 'technicians', 'services', 'serviceArea', 'photos'] as const) {
      const byValue = new Map<string, unknown[]>();
      for (const r of document.reviews) byValue.set(JSON.stringify(r[part]), [...(byValue.get(JSON.stringify(r[part])) ?? []), r[part]]);
      const group = [...byValue.values()].find((g) => g.length > 1 && g[0] !== null);
      if (part === 'verification' && !group) continue; // each verification date may be unique
      expect(group, part).toBeDefined();
      expect(new Set(group).size, part).toBe(1);
      expect(Object.isFrozen(group![0]), part).toBe(true);
    }
  });
});

describe('since bodies cut from reviews.json', () => {
  it('are byte for byte the rendered since document, for every date around the data', async () => {
    const snapshot = await loadSnapshot(distDir);
    const render = createSinceRenderer(snapshot);
    const reviews = (JSON.parse(readFileSync(join(distDir, 'reviews.json'), 'utf8')) as ReviewsDocument).reviews;
    const dates = [...new Set(reviews.map((r) => r.date))];
    for (const date of [...dates, '1999-01-01', '2999-01-01']) {
      const want = renderSinceDocument(reviews, date);
      const got = render(date);
      expect(Buffer.concat(got.parts).toString(), date).toBe(JSON.stringify(want));
      expect(got.updated).toBe(want.updated);
    }
  });
});
