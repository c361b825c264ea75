import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import Parser from 'rss-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createJsonFeedValidator } from '../helpers/json-feed-validator.ts';
import { BuildManifestSchema } from '../../core/build/build-manifest-schema.ts';
import { InsightsDocumentSchema } from '../../core/schemas/insights-schema.ts';
import { ReviewsDocumentSchema, SinceDocumentSchema } from '../../core/schemas/reviews-document-schema.ts';
import { REJECTION_REASON_CODES, REJECTION_REASONS } from '../../core/schemas/rejection-reason-schema.ts';

const root = resolve(import.meta.dirname, '../..');
const distDir = inject('distDir');
const read = (p: string) => readFileSync(join(distDir, p), 'utf8');
const temps: string[] = [];
const tempDir = (name: string) => {
  const d = mkdtempSync(join(tmpdir(), `shingle-${name}-`));
  temps.push(d);
  return d;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/**
 * `node scripts/build.ts` in a child process (several may run at once); resolves with its exit code and what it
 * printed on each stream.
 */
function build(env: Record<string, string>, cwd = root, umask?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const script = join(root, 'scripts/build.ts');
    // With a umask: through bash, which sets it for the build it then becomes.
    const [command, args] = umask ? ['bash', ['-c', `umask ${umask} && exec "$0" "$1"`, process.execPath, script]] : [process.execPath, [script]];
    const child = spawn(command as string, args as string[], {
      cwd,
      env: { ...process.env, BASE_URL: 'http://localhost:4321', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

describe('built documents', () => {
  const manifest = BuildManifestSchema.parse(JSON.parse(read('build-manifest.json')));

  it('reviews.json and insights.json validate against their Zod schemas', () => {
    const reviews = ReviewsDocumentSchema.parse(JSON.parse(read('reviews.json')));
    expect(reviews.reviews.length).toBeGreaterThanOrEqual(300);
    expect(reviews.aggregateRating.count).toBe(reviews.reviews.length);
    InsightsDocumentSchema.parse(JSON.parse(read('insights.json')));
  });

  it('the JSON Feed validates against the JSON Feed 1.1 JSON Schema', () => {
    const jsonFeed = createJsonFeedValidator();
    const feed = JSON.parse(read('api/feed.json'));
    expect(jsonFeed.validate(feed), jsonFeed.errors()).toBe(true);
    expect(feed.items).toHaveLength(50);
  });

  it('the Atom feed is read by a feed reader library', async () => {
    const feed = await new Parser().parseString(read('feed.xml'));
    expect(feed.items).toHaveLength(50);
    expect(feed.items.every((i) => i.link?.startsWith('http://localhost:4321/reviews/'))).toBe(true);
  });

  it('the OpenAPI document passes a third-party 3.1 validator', async () => {
    const result = await new Validator().validate(JSON.parse(read('.well-known/openapi.json')));
    expect(result.errors ?? []).toEqual([]);
  });

  it('the manifest lists the documents in the order of renderDocuments (the build writes insights.json and widget.json last, lists them second and third)', () => {
    expect(manifest.documents.map((d) => d.kind)).toEqual([
      'reviews',
      'insights',
      'widget',
      'json-feed',
      'atom',
      'openapi',
      'widget-script',
      ...Array.from({ length: 31 }, () => 'since'),
    ]);
  });

  it('the home page draws a bar, line or legend entry only where there is one, and words a trend as the line can back it', () => {
    const html = read('index.html');
    const rows = html
      .split(/<li class="aspect[ "]/)
      .slice(1)
      .map((r) => r.slice(0, r.indexOf('</li>')));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const words = row.replace(/<[^>]+>/g, '');
      expect(words).not.toMatch(/steady/);
      if (row.includes('aspect__spark'))
        expect(words).toMatch(
          /Over the last \d+ (quarters|half-years|years) \([^)]+\): (improving|getting worse|no clear change|(worse|better) lately, but not by enough to be sure)\./,
        );
      if (!row.includes('aspect__bar')) expect(words).toMatch(/Not enough opinions yet|has not been measured/);
      // The row keeps a column for the line only when it draws one.
      expect(row.startsWith('aspect--trend')).toBe(row.includes('aspect__spark'));
      // "No trend yet" per row only beside rows that have one; else the caption says it once.
      if (!rows.some((r) => r.includes('aspect__spark'))) expect(words).not.toContain('No trend yet');
    }
    const chart = html.slice(html.indexOf('<figure class="chart"'));
    const caption = (chart.match(/<figcaption[^>]*>([\s\S]*?)<\/figcaption>/)?.[1] ?? '').replace(/\s+/g, ' ');
    expect(caption.includes('no aspect has enough opinions in each period yet to show a trend')).toBe(
      rows.some((r) => r.includes('aspect__bar')) && !rows.some((r) => r.includes('aspect__spark')),
    );
    const legend = html.match(/<ul class="legend"[^>]*>([\s\S]*?)<\/ul>/)?.[1] ?? '';
    expect(legend.includes('90% interval')).toBe(rows.some((r) => r.includes('aspect__bar')));
    expect(legend.includes('blue line')).toBe(rows.some((r) => r.includes('aspect__spark')));
  });

  it('the home page names withheld reviews by reason in words, and lists every reason a review can be withheld for', () => {
    const html = read('index.html');
    const insights = InsightsDocumentSchema.parse(JSON.parse(read('insights.json')));
    const byReason = Object.entries(insights.moderation.withheld.byReason).filter(([, n]) => n > 0);
    expect(byReason.length).toBeGreaterThan(0); // the sample withholds some: the line below must show them
    const line = html.match(/<p>([^<]*reviews? received:[\s\S]*?)<\/p>/)?.[1] ?? '';
    for (const [code, n] of byReason) expect(line).toContain(`${n} ${REJECTION_REASONS[code as keyof typeof REJECTION_REASONS].words}`);
    expect(line).not.toMatch(/<code>/);
    const list = html.slice(html.indexOf('The reasons a review can be withheld'));
    for (const code of REJECTION_REASON_CODES) {
      expect(list).toContain(REJECTION_REASONS[code].description);
      const words = REJECTION_REASONS[code].words;
      expect(list).toContain(`${words[0]!.toUpperCase()}${words.slice(1)} <code>${code}</code>`);
    }
  });

  it('since files cover the configured window and validate', () => {
    const since = manifest.documents.filter((d) => d.kind === 'since');
    expect(since).toHaveLength(31);
    expect(manifest.sinceWindow).toEqual({ from: since[0]!.path.slice(-10), to: since.at(-1)!.path.slice(-10) });
    for (const d of since) SinceDocumentSchema.parse(JSON.parse(read(d.identity.file)));
  });

  it('_headers gives content types, CORS and WebSub links', () => {
    const headers = read('_headers');
    expect(headers).toMatch(/\/feed\.xml\n\s+Content-Type: application\/atom\+xml/);
    expect(headers).toMatch(/\/api\/feed\.json\n\s+Content-Type: application\/json/);
    expect(headers).toContain('Link: <http://localhost:4321/api/websub/hub>; rel="hub", <http://localhost:4321/reviews.json>; rel="self"');
    expect(headers).toContain('Access-Control-Expose-Headers: ETag, Last-Modified, Link');
  });

  it('never publishes an unverified review, in any file', () => {
    const held: string[] = [];
    for (const f of listFiles(join(root, 'content/reviews'))) {
      for (const line of readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
        const r = JSON.parse(line);
        if (r.verification?.status !== 'verified') held.push(r.id);
      }
    }
    expect(held.length).toBeGreaterThan(0);
    expect(manifest.heldBack).toBe(held.length);
    for (const file of listFiles(distDir).filter((f) => !/\.(gz|br|png|ico)$/.test(f))) {
      const text = readFileSync(file, 'utf8');
      for (const id of held)
        expect(text.includes(`"${id}"`) || text.includes(`#${id}`) || text.includes(`id="${id}"`), `${id} in ${relative(distDir, file)}`).toBe(false);
    }
  });
});

describe('determinism', () => {
  // Two at once, into folders outside the project (where Astro's own scratch folder used to be shared
  // between builds, so concurrent builds failed or mixed their pages).
  it('two builds of the same content, run at the same time outside the project folder, are byte-identical to the first', {
    timeout: 240_000,
  }, async () => {
    // The second one's parent folder does not exist yet (as .tmp/ on a fresh clone). The first runs in another
    // language and time zone (Azerbaijani sorted the developers page's schemas differently), the second from another
    // working directory (Astro's folders were made there, and its chunks could not find the project's packages) and
    // under umask 077.
    const targets = [join(tempDir('again'), 'dist'), join(tempDir('again'), 'not', 'yet', 'dist')];
    const runs = await Promise.all([
      build({ DIST_DIR: targets[0]!, LANG: 'az_AZ.UTF-8', LC_ALL: 'az_AZ.UTF-8', TZ: 'Pacific/Kiritimati' }),
      build({ DIST_DIR: targets[1]!, CONTENT_DIR: join(root, 'content') }, tempDir('elsewhere'), '077'),
    ]);
    for (const run of runs) expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    const a = listFiles(distDir)
      .map((f) => relative(distDir, f))
      .sort();
    for (const again of targets) {
      const b = listFiles(again)
        .map((f) => relative(again, f))
        .sort();
      expect(b).toEqual(a);
      const differing = a.filter((f) => !readFileSync(join(distDir, f)).equals(readFileSync(join(again, f))));
      expect(differing).toEqual([]);
    }
    // Built under umask 077, the site is still readable by a web server's user (it was 0600: 403 for every page).
    const modes = new Set(listFiles(targets[1]!).map((f) => (statSync(f).mode & 0o777).toString(8)));
    expect([...modes]).toEqual(['644']);
  });
});

describe('broken content fails the build with file, line, record and field', () => {
  const good = readFileSync(join(root, 'content/reviews', readdirSync(join(root, 'content/reviews')).sort()[0]!), 'utf8').split('\n')[0]!;
  const base = JSON.parse(good);

  it.each([
    ['an impossible date', { date: '2023-02-30' }, /bad\.jsonl:2 \(r-broken\) date: must be a real calendar date/],
    ['rating 6', { rating: 6 }, /bad\.jsonl:2 \(r-broken\) rating: Too big/],
    ['an unknown technician id', { technicians: ['nobody'] }, /bad\.jsonl:2 \(r-broken\) technicians\.0: unknown technician id "nobody"/],
    ['missing verification', { verification: undefined }, /bad\.jsonl:2 \(r-broken\) verification:/],
    ['a duplicate id', { id: base.id }, new RegExp(`bad\\.jsonl:2 \\(${base.id}\\) id: duplicate id`)],
  ])('%s', async (_name, change, pattern) => {
    const dir = tempDir('content');
    mkdirSync(join(dir, 'reviews'));
    cpSync(join(root, 'content/business.json'), join(dir, 'business.json'));
    const broken = { ...base, id: 'r-broken', ...change };
    writeFileSync(join(dir, 'reviews', 'bad.jsonl'), `${good}\n${JSON.stringify(broken)}\n`);
    // Earlier builds beside dist/: a build that fails on its content removes none of them (pruning starts after the model step).
    const builds = join(dir, '.dist.builds');
    for (const b of ['b1', 'b2', 'b3', 'b4']) mkdirSync(join(builds, b), { recursive: true });
    symlinkSync(join('.dist.builds', 'b4'), join(dir, 'dist'));
    const run = await build({ CONTENT_DIR: dir, DIST_DIR: join(dir, 'dist') });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(pattern);
    expect(readdirSync(builds).sort()).toEqual(['b1', 'b2', 'b3', 'b4']);
  });
});
