import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContent, type ContentFile } from '../../../../core/content/parse-content.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { planImport } from '../../../../core/import/plan-import.ts';
import { createCatalogLookup } from '../../../../core/verify/catalog-lookup.ts';
import { parseJobsCsv } from '../../../../core/verify/parse-jobs-csv.ts';
import { planVerification } from '../../../../core/verify/plan-verification.ts';
import { formatReviewQueue, type ReviewQueue } from '../../../../core/verify/review-queue-schema.ts';
import { fixtureFiles, IMPORT_FIXTURES } from '../../../helpers/import-fixtures.ts';
import { business, businessFile } from '../../../helpers/sample-model.ts';

const biz = businessFile;
const catalog = createCatalogLookup(business);
const jobs = parseJobsCsv({ path: 'jobs.csv', text: readFileSync(join(IMPORT_FIXTURES, 'jobs.csv'), 'utf8') }, catalog);
const imported = planImport(
  [],
  parseGoogleTakeout(
    fixtureFiles('takeout-1').filter((f) => isTakeoutReviewFile(f.path)),
    { timeZone: 'America/Denver' },
  ).reviews,
  { reviewsDir: 'content/reviews', importedOn: '2025-11-01' },
).files;

function run(files: ContentFile[], queue: ReviewQueue | null = null) {
  const parsed = parseContent(biz, files);
  return planVerification({
    files,
    records: parsed.records,
    business: parsed.business,
    jobs: jobs.jobs,
    queue,
    queuePath: 'content/review-queue.json',
    verifiedOn: '2025-11-02',
  });
}
const recordsOf = (files: ContentFile[]) => parseContent(biz, files).records.map((r) => r.record);

describe('parseJobsCsv', () => {
  it('resolves technicians, services and towns to catalog ids', () => {
    expect(jobs.issues).toEqual([]);
    const dana = jobs.jobs.find((j) => j.id === 'JOB-25-107')!;
    expect(dana).toMatchObject({ technicians: ['dave'], services: ['skylights'], serviceArea: 'estes-park', invoiceId: 'INV-9107' });
    expect(jobs.jobs.find((j) => j.id === 'JOB-25-108')!.technicians).toEqual(['tomasz']);
  });

  it('names file, line, job and field of a bad row, and warns about names not in the catalog', () => {
    const bad = parseJobsCsv(
      {
        path: 'j.csv',
        text: 'job_id,customer_name,completed_on,technicians\nJ-1,Ann Lee,2025-13-01,\nJ-2,Bo Ek,2025-01-01,Zed\nJ-2,Cy Fu,2025-01-02,\n',
      },
      catalog,
    );
    expect(bad.issues).toEqual([
      expect.objectContaining({ file: 'j.csv', line: 2, recordId: 'J-1', field: 'completed_on' }),
      expect.objectContaining({ file: 'j.csv', line: 4, recordId: 'J-2', field: 'job_id', message: expect.stringContaining('duplicate') }),
    ]);
    expect(bad.warnings).toEqual([expect.objectContaining({ line: 3, field: 'technicians', message: expect.stringContaining('"Zed"') })]);
  });
});

describe('planVerification', () => {
  const plan = run(imported);
  const after = recordsOf(plan.files);

  it("verifies confident matches with job-match, the job as reference, and the job's crew, services and town", () => {
    expect(plan.report.matched.map((m) => m.jobId).sort()).toEqual(['JOB-25-101', 'JOB-25-102', 'JOB-25-103', 'JOB-25-104', 'JOB-25-107']);
    const grace = after.find((r) => r.author === 'Grace L.')!;
    expect(grace.verification).toEqual({ status: 'verified', method: 'job-match', verifiedOn: '2025-11-02', reference: 'JOB-25-103' });
    expect(grace).toMatchObject({ technicians: ['tomasz'], services: ['roof-repair'], serviceArea: 'greeley' });
  });

  it('queues the ambiguous review with its candidates and reasons, and never rejects anything', () => {
    expect(plan.queue.reviews).toHaveLength(1);
    expect(plan.queue.reviews[0]).toMatchObject({ author: 'John S.', decision: null });
    expect(plan.queue.reviews[0]!.candidates.map((c) => c.jobId).sort()).toEqual(['JOB-25-105', 'JOB-25-106']);
    expect(plan.queue.reviews[0]!.candidates[0]!.why.length).toBeGreaterThan(1);
    expect(plan.report.unmatched).toHaveLength(2);
    expect(after.filter((r) => r.verification.status === 'rejected')).toEqual([]);
    expect(
      after
        .filter((r) => r.verification.status === 'unverified')
        .map((r) => r.author)
        .sort(),
    ).toEqual(['Anonymous', 'John S.', 'Mark S.']);
  });

  it("applies the owner's decisions from the queue on the next run", () => {
    const decided = { ...plan.queue, reviews: plan.queue.reviews.map((q) => ({ ...q, decision: 'JOB-25-106' })) };
    const next = run(plan.files, decided);
    expect(next.report.decided).toEqual([{ reviewId: plan.queue.reviews[0]!.reviewId, jobId: 'JOB-25-106' }]);
    expect(recordsOf(next.files).find((r) => r.author === 'John S.')).toMatchObject({
      verification: { reference: 'JOB-25-106' },
      technicians: ['marco'],
      serviceArea: 'berthoud',
    });
    const none = run(plan.files, { ...plan.queue, reviews: plan.queue.reviews.map((q) => ({ ...q, decision: 'none' })) });
    expect(none.files).toEqual([]);
    expect(none.queue.reviews[0]!.decision).toBe('none');
    const unknown = run(plan.files, { ...plan.queue, reviews: plan.queue.reviews.map((q) => ({ ...q, decision: 'JOB-404' })) });
    expect(unknown.issues).toEqual([expect.objectContaining({ file: 'content/review-queue.json', field: 'decision' })]);
  });

  it('a second run with nothing new to decide changes no review file', () => {
    expect(run(plan.files).files).toEqual([]);
  });
});

describe('formatReviewQueue', () => {
  it('writes one candidate per line and parses back to the same queue', () => {
    const { queue } = run(imported);
    const text = formatReviewQueue(queue);
    expect(JSON.parse(text)).toEqual(queue);
    expect(text).toMatch(/\n {8}\{"jobId":"JOB-25-10[56]",.*\},?\n/);
    expect(JSON.parse(formatReviewQueue({ ...queue, reviews: [] }))).toEqual({ ...queue, reviews: [] });
  });
});
