import { addDays } from '../model/calendar.ts';
import { ContentError, issuesFull, type ContentIssue } from '../content/content-error.ts';
import type { ContentFile } from '../content/parse-content.ts';
import { RecordLines } from '../content/record-lines.ts';
import { ReviewRecordSchema } from '../schemas/review-schema.ts';
import { OPTIONAL_SOURCE_KEYS, SOURCE_KEYS, type ImportedReview } from './imported-review.ts';
import { canonicalJson, laterCopies } from './merge-helpers.ts';

export interface ImportReport {
  new: string[];
  updated: string[];
  unchanged: string[];
}

export interface ImportPlan {
  /** Review files whose text changes (or that are new), complete; every other file stays byte-identical. */
  files: ContentFile[];
  report: ImportReport;
}

export interface PlanOptions {
  /** Folder new year files go in, as the existing paths spell it (e.g. `content/reviews`). */
  reviewsDir: string;
  /** Today's date: `updatedAt` of a changed review whose source gives no edit date. */
  importedOn: string;
}

type Raw = Record<string, unknown>;

/**
 * Merges imported reviews into the content's review files. Idempotent: ids come from the source's ids, a
 * review already present is updated only when a field the source owns changed (lines of unchanged reviews
 * keep their exact bytes), new reviews are appended to the file of their year, and nothing is deleted.
 * Fields the owner adds (verification, technicians, services, serviceArea, consent, photos, disclosures)
 * are kept. Throws one ContentError naming source file, record and field when a merged record is invalid.
 */
export function planImport(existing: readonly ContentFile[], imported: readonly ImportedReview[], options: PlanOptions): ImportPlan {
  const lines = new RecordLines(existing);
  const report: ImportReport = { new: [], updated: [], unchanged: [] };
  const issues: ContentIssue[] = imported.flatMap((imp) => futureDates(imp, options.importedOn));
  for (const found of laterCopies(imported)) {
    if (issuesFull(issues, found.origin.file)) break;
    // Found under an id an earlier importer gave it: that record is updated and keeps its id.
    const former = (found.formerIds ?? []).find((id) => !lines.get(found.fields.id) && lines.get(id));
    const imp = former ? { ...found, fields: { ...found.fields, id: former } } : found;
    const current = lines.get(imp.fields.id);
    const next = current ? updatedRecord(current, imp, options.importedOn) : newRecord(imp);
    if (next === null) {
      report.unchanged.push(imp.fields.id);
      continue;
    }
    const check = ReviewRecordSchema.safeParse(next);
    if (!check.success) {
      for (const i of check.error.issues)
        issues.push({ file: imp.origin.file, recordId: imp.origin.record, field: i.path.join('.') || '(record)', message: i.message });
      continue;
    }
    if (current) {
      lines.set(imp.fields.id, next);
      report.updated.push(imp.fields.id);
    } else {
      lines.append(`${options.reviewsDir}/${imp.fields.date.slice(0, 4)}.jsonl`, next);
      report.new.push(imp.fields.id);
    }
  }
  if (issues.length > 0) throw new ContentError(issues);
  return { files: lines.changedFiles(), report };
}

/**
 * The dates of an imported review that lie after tomorrow (`importedOn`: --today, or today in the business's time
 * zone): no source holds a review written in the future, so such a date is a typo (9999-12-31), a wrong column or a
 * clock set wrong, and is refused with the review named rather than published. A day of slack: a machine whose clock
 * is a few minutes behind the provider's must not fail a whole nightly pull for a review written just after midnight.
 */
function futureDates(imp: ImportedReview, today: string): ContentIssue[] {
  const latest = addDays(today, FUTURE_SLACK_DAYS);
  const dates: [field: string, date: string | undefined][] = [
    ['date', imp.fields.date],
    ['updatedAt', imp.editedOn],
    ['ownerReply.date', imp.fields.ownerReply?.date],
  ];
  return dates.flatMap(([field, date]) =>
    date !== undefined && date > latest
      ? [
          {
            file: imp.origin.file,
            recordId: imp.origin.record,
            field,
            message: `${date} is after today (${today}): a review cannot be dated in the future`,
          },
        ]
      : [],
  );
}

/** Days after today a source's date may be (clock skew), beyond which it is refused. */
const FUTURE_SLACK_DAYS = 1;

/** The record with the source's new values, or null when nothing the source owns changed. */
function updatedRecord(raw: Readonly<Raw>, imp: ImportedReview, importedOn: string): Raw | null {
  const fields = imp.fields as Raw;
  const differs = (k: string) => canonicalJson(raw[k]) !== canonicalJson(fields[k]);
  // The author's name alone is no edit of the review: a profile renamed, or a name shortened by a newer importer.
  const reviewChanged =
    SOURCE_KEYS.some((k) => k !== 'ownerReply' && k !== 'author' && differs(k)) ||
    OPTIONAL_SOURCE_KEYS.some((k) => fields[k] !== undefined && differs(k));
  if (!reviewChanged && !differs('ownerReply') && !differs('author')) return null;
  const next: Raw = { ...raw };
  for (const k of SOURCE_KEYS) {
    if (fields[k] === undefined) delete next[k];
    else next[k] = fields[k];
  }
  for (const k of OPTIONAL_SOURCE_KEYS) if (fields[k] !== undefined) next[k] = fields[k];
  if (!reviewChanged && !differs('ownerReply')) return next;
  const changedOn = reviewChanged ? (imp.editedOn ?? importedOn) : (imp.fields.ownerReply?.date ?? importedOn);
  if (changedOn > imp.fields.date) next.updatedAt = changedOn;
  return next;
}

/** A new content record, keys in the documented order so files read the same whoever imported them. */
function newRecord(imp: ImportedReview): Raw {
  const f = imp.fields;
  return {
    id: f.id,
    date: f.date,
    ...(imp.editedOn !== undefined && imp.editedOn > f.date && { updatedAt: imp.editedOn }),
    rating: f.rating,
    ...(f.title !== undefined && { title: f.title }),
    text: f.text,
    author: f.author,
    ...(f.consent !== undefined && { consent: f.consent }),
    ...(f.incentive !== undefined && { incentive: f.incentive }),
    ...(f.relationship !== undefined && { relationship: f.relationship }),
    source: f.source,
    language: f.language,
    verification: imp.verification ?? { status: 'unverified', reason: `imported from ${f.source.platform}; not yet matched to a job` },
    ...(f.ownerReply !== undefined && { ownerReply: f.ownerReply }),
  };
}
