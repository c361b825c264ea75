import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import type { InsightsDocument } from '../../core/schemas/insights-schema.ts';
import { runImport } from '../../scripts/import.ts';
import { acquireContentLock } from '../../scripts/lib/content-lock.ts';
import { CONTENT_BUSY_EXIT_CODE } from '../../core/content/content-busy-exit-code.ts';
import { buildDataFixture, buildFullFixture, ROOT, SAMPLE_CONTENT, tempDir } from '../helpers/build-fixture.ts';
import { IMPORT_FIXTURES } from '../helpers/import-fixtures.ts';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** An empty content folder with the sample business (time zone America/Denver). */
function emptyContent(): { root: string; content: string } {
  const root = tempDir('import');
  dirs.push(root);
  const content = join(root, 'content');
  mkdirSync(join(content, 'reviews'), { recursive: true });
  cpSync(join(SAMPLE_CONTENT, 'business.json'), join(content, 'business.json'));
  return { root, content };
}

/** Every file under a folder with its bytes, for byte-for-byte comparison. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) =>
    readdirSync(d).forEach((n) =>
      statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : out.set(relative(dir, join(d, n)), readFileSync(join(d, n))),
    );
  walk(dir);
  return out;
}

async function cli(script: string, args: string[], contentDir: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir, ...env },
  });
  return stdout;
}

describe.each([
  ['google-takeout', 'takeout-1', 8],
  ['google-api', 'google-api', 3],
  ['trustpilot', 'trustpilot', 2],
  ['csv', 'reviews.csv', 3],
] as const)('re-import of %s is idempotent', (source, fixture, count) => {
  it('import twice, build twice: the same bytes', async () => {
    const { root, content } = emptyContent();
    const first = runImport(source, join(IMPORT_FIXTURES, fixture), content, '2025-11-01');
    expect(first.report.new).toHaveLength(count);
    await buildDataFixture({ contentDir: content, outDir: join(root, 'dist-1') });
    const contentBefore = snapshot(content);
    const second = runImport(source, join(IMPORT_FIXTURES, fixture), content, '2025-11-02');
    expect(second.report).toMatchObject({ new: [], updated: [] });
    expect(second.report.unchanged).toHaveLength(count);
    expect(second.written).toEqual([]);
    expect(snapshot(content)).toEqual(contentBefore);
    await buildDataFixture({ contentDir: content, outDir: join(root, 'dist-2') });
    expect(snapshot(join(root, 'dist-2'))).toEqual(snapshot(join(root, 'dist-1')));
  });
});

describe('one command changes a content folder at a time', () => {
  it('import, verify and moderate do nothing while another holds the folder (two imports at once lost a batch)', async () => {
    const { root, content } = emptyContent();
    const release = acquireContentLock(content, 'pull'); // as a scheduled pull would, in this process (alive)
    const before = snapshot(content);
    try {
      const attempts: [string, string[]][] = [
        ['import.ts', ['csv', join(IMPORT_FIXTURES, 'reviews.csv')]],
        ['verify.ts', ['--jobs', join(IMPORT_FIXTURES, 'jobs.csv')]],
        ['moderate.ts', ['r-1', 'reject', '--reason', 'spam', '--note', 'test']],
      ];
      for (const [script, args] of attempts) {
        // Another temp folder too (a sidecar under systemd's PrivateTmp): the lock is in the content folder.
        const failed = await cli(script, args, content, { TMPDIR: join(root, 'another-tmp') }).then(
          () => null,
          (e: { code: number; stderr: string }) => e,
        );
        expect(failed?.code, script).toBe(1);
        expect(failed?.stderr, script).toMatch(/another command is changing .*; this (import|verify|moderate) did nothing/);
        expect(failed?.stderr, script).not.toMatch(/\n\s+at /); // a message, not a stack trace
      }
      // A pull says "busy" by its exit code: the sidecar's schedule reads it as a skipped run, not a failure.
      const pull = await cli('pull.ts', ['--json', '--quiet'], content).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(pull?.code).toBe(CONTENT_BUSY_EXIT_CODE);
      expect(pull?.stderr).toMatch(/another command is changing .*; this pull did nothing/);
      expect(snapshot(content)).toEqual(before);
    } finally {
      release();
    }
    expect(await cli('import.ts', ['csv', join(IMPORT_FIXTURES, 'reviews.csv')], content)).toContain('csv: 3 new');
  });
});

describe('trustpilot files of another business unit', () => {
  it('are refused when business.json names another unit, and taken when --business-unit names theirs (another domain)', () => {
    const { root, content } = emptyContent();
    const business = JSON.parse(readFileSync(join(content, 'business.json'), 'utf8'));
    business.pull = { trustpilot: { businessUnitId: '5f0c1e2d3a4b5c6d7e8f9a0b' } };
    writeFileSync(join(content, 'business.json'), JSON.stringify(business));
    const other = '6a1b2c3d4e5f6a7b8c9d0e1f';
    const file = join(root, 'other-domain.json');
    writeFileSync(
      file,
      JSON.stringify({
        reviews: [
          {
            id: 'tp-1',
            stars: 5,
            text: 'Great roof',
            createdAt: '2025-01-01T12:00:00Z',
            consumer: { displayName: 'Ann Lee' },
            businessUnit: { id: other },
          },
        ],
      }),
    );
    expect(() => runImport('trustpilot', file, content, '2025-11-01')).toThrow(
      /business unit 6a1b2c3d4e5f6a7b8c9d0e1f, not 5f0c1e2d3a4b5c6d7e8f9a0b/,
    );
    expect(runImport('trustpilot', file, content, '2025-11-01', undefined, undefined, other).report.new).toHaveLength(1);
  });
});

describe('verify --jobs', () => {
  it('refuses a folder by name (an empty one crashed on undefined, a full one had its first file read)', async () => {
    const { root, content } = emptyContent();
    const folder = join(root, 'jobs');
    mkdirSync(folder);
    const failed = await cli('verify.ts', ['--jobs', folder], content).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/jobs a folder: give --jobs the jobs CSV file itself/);
  });
});

describe('import → verify → build, on the Takeout fixtures', () => {
  let doc: ReviewsDocument;
  let insights: InsightsDocument;
  let home: string;
  const out: string[] = [];

  beforeAll(async () => {
    const { root, content } = emptyContent();
    const jobs = join(IMPORT_FIXTURES, 'jobs.csv');
    out.push(await cli('import.ts', ['google-takeout', join(IMPORT_FIXTURES, 'takeout-1'), '--today', '2025-11-01'], content));
    out.push(await cli('verify.ts', ['--jobs', jobs, '--today', '2025-11-02'], content));
    out.push(
      await cli(
        'import.ts',
        ['google-takeout', join(IMPORT_FIXTURES, 'takeout-2/Takeout/Google Business Profile'), '--today', '2025-11-03'],
        content,
      ),
    );
    out.push(await cli('verify.ts', ['--jobs', jobs, '--today', '2025-11-03'], content));
    const dist = join(root, 'dist');
    await buildFullFixture({ contentDir: content, outDir: dist });
    doc = JSON.parse(readFileSync(join(dist, 'reviews.json'), 'utf8')) as ReviewsDocument;
    insights = JSON.parse(readFileSync(join(dist, 'insights.json'), 'utf8')) as InsightsDocument;
    home = readFileSync(join(dist, 'index.html'), 'utf8');
  }, 240_000);

  it('says once on the home page that no aspect has enough opinions yet, rather than once per aspect', () => {
    expect(insights.aspects.length).toBeGreaterThan(1);
    expect(insights.aspects.every((a) => a.negativeShare === null)).toBe(true); // a handful of reviews
    const chart = home.slice(home.indexOf('<figure class="chart"'), home.indexOf('</figure>', home.indexOf('<figure class="chart"')));
    const text = chart.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text.match(/Not enough opinions yet/g)).toHaveLength(1);
    for (const a of insights.aspects) expect(text).toContain(a.label.toLowerCase());
    expect(chart).not.toContain('<li class="aspect');
    expect(chart).not.toContain('class="legend"');
    // The caption does not describe shares, bars or intervals the chart does not show.
    expect(text).not.toMatch(/The shares are estimates|black line/);
  });

  it('names the people on a review as its team, as the home page does (office staff are listed with the crews)', () => {
    const withPeople = doc.reviews.find((r) => r.technicians.length > 0)!;
    expect(home).toContain(`Team: ${withPeople.technicians.map((t) => t.name).join(', ')}.`);
    expect(home).not.toContain('Crew:');
  });

  it('reports what each step did', () => {
    expect(out[0]).toContain('google-takeout: 8 new, 0 updated, 0 unchanged');
    expect(out[1]).toContain('verified 5 by job match, 0 by your decisions in the queue; 1 to decide in the queue; 2 with no candidate job');
    expect(out[2]).toContain('google-takeout: 1 new, 2 updated, 6 unchanged');
    expect(out[3]).toContain('verified 1 by job match');
  });

  it('publishes exactly the reviews that match a job, with ratings, texts, replies, dates and technicians', () => {
    const shown = doc.reviews.map((r) => ({
      author: r.author,
      date: r.date,
      rating: r.rating,
      text: r.text.slice(0, 30),
      reply: r.ownerReply ?? null,
      technicians: r.technicians.map((t) => t.id),
      area: r.serviceArea?.id,
      language: r.language,
      verification: r.verification,
    }));
    // author, date, the text's first 30 characters, owner reply, technicians, area, language, verified on (all rated 5, by job match)
    const expected: [string, string, string, { text: string; date: string } | null, string[], string, string, string][] = [
      ['H. V.', '2025-10-15', 'Tomasz fixed the leak over our', null, ['tomasz'], 'greeley', 'en', '2025-11-03'],
      [
        'J. H.',
        '2025-08-20',
        'Muy buen trabajo, el equipo fu',
        { text: '¡Muchas gracias, J.!', date: '2025-08-21' },
        ['luis'],
        'fort-collins',
        'es',
        '2025-11-02',
      ],
      ['G. L.', '2025-07-01', '', null, ['tomasz'], 'greeley', 'en', '2025-11-02'],
      ['B. T.', '2025-06-05', 'Kyle put in new gutters. Good ', null, ['kyle'], 'windsor', 'en', '2025-11-02'],
      [
        'R. M.',
        '2025-05-10',
        'Marco and his crew replaced ou',
        { text: 'Thank you R.! Enjoy the new roof.', date: '2025-05-12' },
        ['luis', 'marco'],
        'loveland',
        'en',
        '2025-11-02',
      ],
      ['D. W.', '2025-04-25', 'Good job on the skylight. Upda', null, ['dave'], 'estes-park', 'en', '2025-11-02'],
    ];
    expect(shown).toEqual(
      expected.map(([author, date, text, reply, technicians, area, language, verifiedOn]) => ({
        author,
        date,
        rating: 5,
        text,
        reply,
        technicians,
        area,
        language,
        verification: { status: 'verified', method: 'job-match', verifiedOn },
      })),
    );
    expect(doc.reviews.find((r) => r.author === 'B. T.')!.updatedAt).toBe('2025-07-20');
    expect(JSON.stringify(doc)).not.toMatch(/JOB-25|Martinez|Thompson/);
  });

  it('publishes a moderation record whose counts add up to the reviews received', () => {
    expect(doc.moderation).toMatchObject({ received: 9, published: 6, unverified: 3, withheld: { total: 0 } });
    expect(doc.moderation.byRating.find((r) => r.rating === 1)).toEqual({ rating: 1, received: 1, published: 0, unverified: 1, withheld: 0 });
    expect(insights.moderation).toEqual(doc.moderation);
    expect(home).toContain('How reviews are moderated');
    expect(home).toMatch(/9 reviews<!--[^>]*-->\s*received|9 reviews received/);
  });
});
