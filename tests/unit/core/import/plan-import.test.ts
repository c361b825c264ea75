import { describe, expect, it } from 'vitest';
import { ContentError } from '../../../../core/content/content-error.ts';
import type { ContentFile } from '../../../../core/content/parse-content.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { parseReviewCsv } from '../../../../core/import/parse-review-csv.ts';
import { planImport } from '../../../../core/import/plan-import.ts';
import { deriveReviewId } from '../../../../core/import/source-id.ts';
import { fixtureFiles } from '../../../helpers/import-fixtures.ts';

const ctx = { timeZone: 'America/Denver' };
const opts = { reviewsDir: 'content/reviews', importedOn: '2025-11-01' };
const exportOf = (folder: string) =>
  parseGoogleTakeout(
    fixtureFiles(folder).filter((f) => isTakeoutReviewFile(f.path)),
    ctx,
  ).reviews;

/** Applies a plan to an in-memory content folder. */
function apply(files: ContentFile[], plan: ReturnType<typeof planImport>): ContentFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const f of plan.files) byPath.set(f.path, f);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}
const records = (files: ContentFile[]) =>
  files.flatMap((f) =>
    f.text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, any>),
  );

describe('planImport', () => {
  const first = planImport([], exportOf('takeout-1'), opts);
  const afterFirst = apply([], first);

  it('writes new reviews into the file of their year, unverified, keys in the documented order', () => {
    expect(first.report.new).toHaveLength(8);
    expect(afterFirst.map((f) => f.path)).toEqual(['content/reviews/2025.jsonl']);
    const rec = records(afterFirst);
    expect(rec.map((r) => r.date)).toEqual([...rec.map((r) => r.date)].sort());
    expect(Object.keys(rec[1]!)).toEqual(['id', 'date', 'rating', 'text', 'author', 'source', 'language', 'verification', 'ownerReply']);
    expect(rec.every((r) => r.verification.status === 'unverified')).toBe(true);
  });

  it('is idempotent: the same export again changes nothing', () => {
    const again = planImport(afterFirst, exportOf('takeout-1'), opts);
    expect(again.files).toEqual([]);
    expect(again.report).toMatchObject({ new: [], updated: [] });
    expect(again.report.unchanged).toHaveLength(8);
  });

  it("updates edited reviews and replies with updatedAt, keeps the owner's fields, touches no other line", () => {
    // The owner verified Bill's review and tagged it by hand before the second export.
    const bill = records(afterFirst).find((r) => r.author === 'Bill T.')!;
    const owned = {
      ...bill,
      verification: { status: 'verified', method: 'job-match', verifiedOn: '2025-06-10', reference: 'JOB-25-102' },
      technicians: ['kyle'],
      consent: true,
    };
    const edited = [{ path: afterFirst[0]!.path, text: afterFirst[0]!.text.replace(JSON.stringify(bill), JSON.stringify(owned)) }];
    const second = planImport(edited, exportOf('takeout-2'), opts);
    expect(second.report.new).toHaveLength(1);
    expect(second.report.updated).toHaveLength(2);
    const after = records(apply(edited, second));
    const newBill = after.find((r) => r.author === 'Bill T.')!;
    expect(newBill).toMatchObject({ rating: 5, updatedAt: '2025-07-20', verification: owned.verification, technicians: ['kyle'], consent: true });
    expect(newBill.text).toContain('five stars');
    const rhonda = after.find((r) => r.author === 'Rhonda M.')!;
    expect(rhonda.ownerReply).toEqual({ text: 'Thank you Rhonda! Enjoy the new roof.', date: '2025-05-12' });
    expect(rhonda.updatedAt).toBe('2025-05-12');
    const oldLines = new Set(edited[0]!.text.split('\n'));
    const kept = apply(edited, second)[0]!
      .text.split('\n')
      .filter((l) => oldLines.has(l));
    expect(kept.filter((l) => l !== '')).toHaveLength(6);
  });

  it('never deletes: a review missing from a later export stays', () => {
    const partial = exportOf('takeout-1').filter((r) => r.fields.author === 'Rhonda M.');
    const plan = planImport(afterFirst, partial, opts);
    expect(plan.files).toEqual([]);
    expect(records(apply(afterFirst, plan))).toHaveLength(8);
  });

  it('refuses a merged record that would not build, naming the source file and record', () => {
    const [one] = exportOf('takeout-1');
    const broken = { ...one!, fields: { ...one!.fields, rating: 9 } };
    try {
      planImport([], [broken], opts);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ContentError);
      expect((e as ContentError).issues[0]).toMatchObject({ file: one!.origin.file, recordId: one!.origin.record, field: 'rating' });
    }
  });
});

describe('one review from two importers', () => {
  // Before: the spreadsheet hashed "google:<id>" and Takeout the bare id, so the same Google review imported both ways
  // became two records, both verified against the same job and both published.
  const row = (platform: string, sourceId: string) =>
    parseReviewCsv(
      [
        {
          path: 'r.csv',
          text: `source_id,platform,date,rating,author,text\n${sourceId},${platform},2025-05-10,5,Rhonda Martinez,"Marco and his crew replaced our whole roof in Loveland after the May hail. They tarped the first night and cleaned up every nail."\n`,
        },
      ],
      { timeZone: 'America/Denver' },
    ).reviews;

  it('a spreadsheet row naming a Google review by its own id updates the record Takeout made, never a second one', () => {
    const takeout = apply([], planImport([], exportOf('takeout-1'), opts));
    const fromCsv = planImport(takeout, row('google', 'AbCdEf-Rhonda-0001'), opts);
    expect(fromCsv.report.new).toEqual([]);
    expect(records(apply(takeout, fromCsv)).filter((r) => r.author.startsWith('Rhonda'))).toHaveLength(1);
    expect(row('google', 'AbCdEf-Rhonda-0001')[0]!.fields.id).toBe(deriveReviewId('g', 'AbCdEf-Rhonda-0001'));
    expect(row('trustpilot', 'tp123')[0]!.fields.id).toBe(deriveReviewId('tp', 'tp123'));
  });

  it('a record an earlier spreadsheet import made keeps its id and is updated, not doubled', () => {
    const earlierId = deriveReviewId('g', 'google:AbCdEf-Rhonda-0001');
    const earlier = planImport([], row('google', 'AbCdEf-Rhonda-0001'), opts);
    const [record] = records(apply([], earlier));
    const before: ContentFile[] = [{ path: 'content/reviews/2025.jsonl', text: `${JSON.stringify({ ...record, id: earlierId })}\n` }];
    const again = planImport(before, row('google', 'AbCdEf-Rhonda-0001'), opts);
    expect(again.report).toMatchObject({ new: [], unchanged: [earlierId] });
    const edited = row('google', 'AbCdEf-Rhonda-0001').map((r) => ({ ...r, fields: { ...r.fields, rating: 4 } }));
    const update = planImport(before, edited, opts);
    expect(update.report).toMatchObject({ new: [], updated: [earlierId] });
    expect(records(apply(before, update)).map((r) => [r.id, r.rating])).toEqual([[earlierId, 4]]);
  });

  it('a record an earlier spreadsheet import made is found by Takeout too: updated, never doubled', () => {
    const earlierId = deriveReviewId('g', 'google:AbCdEf-Rhonda-0001');
    const [record] = records(apply([], planImport([], row('google', 'AbCdEf-Rhonda-0001'), opts)));
    const before: ContentFile[] = [{ path: 'content/reviews/2025.jsonl', text: `${JSON.stringify({ ...record, id: earlierId })}\n` }];
    const takeout = planImport(before, exportOf('takeout-1'), opts);
    expect(takeout.report.new).toHaveLength(7);
    expect([...takeout.report.updated, ...takeout.report.unchanged]).toEqual([earlierId]);
    expect(records(apply(before, takeout)).filter((r) => r.author.startsWith('Rhonda'))).toHaveLength(1);
  });

  it('a spreadsheet row naming a Google review by its resource name is the review Takeout names by its id', () => {
    expect(row('google', 'accounts/111/locations/555/reviews/AbCdEf-Rhonda-0001')[0]!.fields.id).toBe(deriveReviewId('g', 'AbCdEf-Rhonda-0001'));
  });

  it('a reviewer name written anew (a renamed profile, a name a newer importer shortens) updates the record without calling the review edited', () => {
    const first = apply([], planImport([], row('google', 'AbCdEf-Rhonda-0001'), opts));
    const [record] = records(first);
    const before: ContentFile[] = [{ path: 'content/reviews/2025.jsonl', text: `${JSON.stringify({ ...record, author: 'Martinez R.' })}\n` }];
    const again = planImport(before, row('google', 'AbCdEf-Rhonda-0001'), { ...opts, importedOn: '2025-12-01' });
    expect(again.report.updated).toEqual([record!.id]);
    const [after] = records(apply(before, again));
    expect(after!.author).toBe('Rhonda M.');
    expect(after!.updatedAt).toBeUndefined();
  });

  it('other platforms keep the id they always had', () => {
    expect(row('yelp', 'y-17')[0]!.fields.id).toBe(deriveReviewId('y', 'yelp:y-17'));
    expect(row('yelp', 'y-17')[0]!.formerIds).toBeUndefined();
  });
});

describe('planImport: dates after today', () => {
  const csv = (row: string) =>
    parseReviewCsv([{ path: 'reviews.csv', text: `source_id,platform,date,rating,author,updated,reply_text,reply_date\n${row}\n` }], ctx).reviews;

  it('refuses a review, an edit or a reply dated after today, naming file, record and field, and writes nothing', () => {
    const plan = () =>
      planImport([], [...csv('A-1,yelp,9999-12-31,2,Ann Lee,,,'), ...csv('A-2,yelp,2025-10-01,4,Bo Ek,2025-11-03,Thanks,2025-11-04')], opts);
    expect(plan).toThrow(ContentError);
    try {
      plan();
    } catch (e) {
      expect((e as ContentError).issues).toEqual([
        {
          file: 'reviews.csv',
          recordId: 'A-1',
          field: 'date',
          message: '9999-12-31 is after today (2025-11-01): a review cannot be dated in the future',
        },
        {
          file: 'reviews.csv',
          recordId: 'A-2',
          field: 'updatedAt',
          message: '2025-11-03 is after today (2025-11-01): a review cannot be dated in the future',
        },
        {
          file: 'reviews.csv',
          recordId: 'A-2',
          field: 'ownerReply.date',
          message: '2025-11-04 is after today (2025-11-01): a review cannot be dated in the future',
        },
      ]);
    }
  });

  it('takes a review dated today, or tomorrow (a clock a few minutes behind the provider\u2019s must not fail a pull)', () => {
    expect(planImport([], csv('A-1,yelp,2025-11-01,5,Ann Lee,,Thanks,2025-11-01'), opts).report.new).toHaveLength(1);
    expect(planImport([], csv('A-1,yelp,2025-11-02,5,Ann Lee,,Thanks,2025-11-02'), opts).report.new).toHaveLength(1);
  });
});
