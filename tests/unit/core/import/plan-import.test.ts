import { describe, expect, it } from 'vitest';
import { ContentError } from '../../../../core/content/content-error.ts';
import type { ContentFile } from '../../../../core/content/parse-content.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { planImport } from '../../../../core/import/plan-import.ts';
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
