import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBusiness } from '../../../../core/content/parse-content.ts';
import { createCatalogLookup } from '../../../../core/verify/catalog-lookup.ts';
import { JobIndex } from '../../../../core/verify/job-index.ts';
import type { Job } from '../../../../core/verify/job-schema.ts';
import { DEFAULT_MATCH_OPTIONS, matchReview, type ReviewToMatch } from '../../../../core/verify/match-reviews.ts';
import { compareNames } from '../../../../core/verify/name-match.ts';
import { parsePersonName } from '../../../../core/verify/person-name.ts';
import { businessText } from '../../../helpers/sample-model.ts';

const business = parseBusiness({ path: 'business.json', text: businessText });
const catalog = createCatalogLookup(business);
const job = (id: string, customer: string, completedOn: string, extra: Partial<Job> = {}): Job => ({
  id,
  customer,
  completedOn,
  technicians: [],
  services: [],
  ...extra,
});
const review = (author: string, date: string, text = ''): ReviewToMatch => ({ id: 'r-1', author, date, text });
const match = (r: ReviewToMatch, jobs: Job[], options = DEFAULT_MATCH_OPTIONS) => matchReview(r, new JobIndex(jobs), catalog, options);

describe('names', () => {
  const fit = (a: string, b: string) => compareNames(parsePersonName(a)!, parsePersonName(b)!);
  it.each([
    ['Rhonda M.', 'Rhonda Martinez', 5],
    ['Bill T.', 'William Thompson', 4],
    ['R. M.', 'Rhonda Martinez', 3],
    ['José H.', 'Jose Hernandez', 5],
    ['Rhonda', 'Martinez, Rhonda', 3],
    ['Liz K.', 'Mrs. Elizabeth Ann Kowalski', 4],
  ])('%s fits %s (score %d)', (a, b, score) => expect(fit(a, b)?.score).toBe(score));
  it.each([
    ['Rhonda M.', 'Rhonda Smith'],
    ['Rhonda M.', 'Wanda Martinez'],
    ['R. M.', 'Sally Martinez'],
  ])('%s cannot be %s', (a, b) => expect(fit(a, b)).toBeNull());
  it('does not match an anonymous reviewer', () => expect(parsePersonName('Anonymous')).toBeNull());
});

describe('matchReview', () => {
  it('matches a unique, confident candidate and says why', () => {
    const out = match(review('Rhonda M.', '2025-05-10', 'Marco was great, our roof in Loveland is done.'), [
      job('J-1', 'Rhonda Martinez', '2025-05-08', { technicians: ['marco'], serviceArea: 'loveland' }),
      job('J-2', 'Rhonda Martin', '2024-11-02'),
      job('J-3', 'Ronald Martinez', '2025-05-08'),
    ]);
    expect(out).toMatchObject({ kind: 'match', job: { id: 'J-1' } });
    expect(out.kind === 'match' && out.why.join('; ')).toMatch(
      /same first name.*last initial M fits.*written 2 day\(s\) after the job.*same town.*names marco, who worked the job/,
    );
  });

  it('respects the date window, and the window is configurable', () => {
    const jobs = [job('J-1', 'Rhonda Martinez', '2025-01-02')];
    expect(match(review('Rhonda M.', '2025-05-10'), jobs).kind).toBe('none');
    expect(match(review('Rhonda M.', '2025-05-10'), jobs, { ...DEFAULT_MATCH_OPTIONS, daysAfter: 200 }).kind).toBe('match');
    expect(match(review('Rhonda M.', '2024-12-20'), jobs).kind).toBe('none');
    expect(match(review('Rhonda M.', '2024-12-30'), jobs).kind).toBe('match');
  });

  it('sends two equally good jobs to the queue with both candidates', () => {
    const out = match(review('John S.', '2025-09-10'), [job('J-5', 'John Smith', '2025-09-05'), job('J-6', 'John Sanders', '2025-09-07')]);
    expect(out.kind).toBe('ambiguous');
    expect(out.kind === 'ambiguous' && out.candidates.map((c) => c.job.id).sort()).toEqual(['J-5', 'J-6']);
  });

  it('lets a technician named in the text break the tie', () => {
    const jobs = [
      job('J-5', 'John Smith', '2025-09-05', { technicians: ['dave'] }),
      job('J-6', 'John Sanders', '2025-09-07', { technicians: ['marco'] }),
    ];
    expect(match(review('John S.', '2025-09-10', 'Big Dave and his crew did a clean job.'), jobs)).toMatchObject({
      kind: 'match',
      job: { id: 'J-5' },
    });
  });

  it('queues a weak lone candidate (first name only) instead of verifying it', () => {
    expect(match(review('John', '2025-09-10'), [job('J-5', 'John Smith', '2025-08-20')]).kind).toBe('ambiguous');
  });
});

describe('matchReview properties', () => {
  const FIRST = ['Rhonda', 'William', 'Bill', 'Grace', 'John', 'Jose', 'Dana', 'Hector', 'Liz', 'Elizabeth'];
  const LAST = ['Martinez', 'Thompson', 'Liu', 'Smith', 'Sanders', 'Hernandez', 'Whitfield', 'Villanueva'];
  const date = fc.integer({ min: 0, max: 120 }).map((d) => new Date(Date.UTC(2025, 3, 1) + d * 86_400_000).toISOString().slice(0, 10));
  const jobArb = fc.record({
    customer: fc.tuple(fc.constantFrom(...FIRST), fc.constantFrom(...LAST)).map(([f, l]) => `${f} ${l}`),
    completedOn: date,
    technicians: fc.subarray(['marco', 'dave', 'kyle', 'tomasz']),
    serviceArea: fc.constantFrom('loveland', 'greeley', 'windsor'),
  });
  const reviewArb = fc.record({
    author: fc.tuple(fc.constantFrom(...FIRST), fc.constantFrom(...LAST)).map(([f, l]) => `${f} ${l[0]}.`),
    date,
    text: fc.constantFrom('', 'Marco was great.', 'Kyle did our gutters in Greeley.', 'Big Dave, Loveland.'),
  });
  const scenario = fc.record({ jobs: fc.array(jobArb, { minLength: 1, maxLength: 25 }), review: reviewArb, seed: fc.integer() });

  it('reordering or renaming jobs never changes a confident match', () => {
    fc.assert(
      fc.property(scenario, ({ jobs: raw, review: r, seed }) => {
        const jobs = raw.map((j, i) => ({ id: `J-${i}`, ...j, services: [] }));
        const before = match({ id: 'r-1', ...r }, jobs);
        // Shuffle deterministically from the seed and give every job a new id.
        const order = jobs
          .map((j, i) => ({ j, k: Math.sin(seed + i * 7919) }))
          .sort((a, b) => a.k - b.k)
          .map((x) => x.j);
        const renamed = order.map((j) => ({ ...j, id: `NEW-${j.id.slice(2)}-${seed}` }));
        const after = match({ id: 'r-1', ...r }, renamed);
        expect(after.kind).toBe(before.kind);
        if (before.kind === 'match' && after.kind === 'match') expect(after.job.id).toBe(`NEW-${before.job.id.slice(2)}-${seed}`);
        if (before.kind === 'ambiguous' && after.kind === 'ambiguous')
          expect(after.candidates.map((c) => c.score)).toEqual(before.candidates.map((c) => c.score));
      }),
      { numRuns: 300 },
    );
  });

  it('a confident match is unique: no other job scores within the margin', () => {
    fc.assert(
      fc.property(scenario, ({ jobs: raw, review: r }) => {
        const jobs = raw.map((j, i) => ({ id: `J-${i}`, ...j, services: [] }));
        const out = match({ id: 'r-1', ...r }, jobs);
        if (out.kind !== 'match') return;
        // Duplicating the matched job (another job just as good) must turn the match into a question.
        expect(match({ id: 'r-1', ...r }, [...jobs, { ...out.job, id: 'J-copy' }]).kind).toBe('ambiguous');
      }),
      { numRuns: 200 },
    );
  });
});
