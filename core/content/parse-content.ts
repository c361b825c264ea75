import type { z } from 'zod';
import { BusinessConfigSchema, type BusinessConfig } from '../schemas/business-schema.ts';
import { ReviewRecordSchema, type ReviewRecord } from '../schemas/review-schema.ts';
import { parseJsonStrict } from '../text/parse-json-strict.ts';
import { ContentError, type ContentIssue } from './content-error.ts';
import type { ModerationStatus } from '../model/moderation-record.ts';
import { jsonLineError } from '../text/json-line-error.ts';

/** A file of the content folder, already read: the IO shell passes these in. */
export interface ContentFile {
  /** Path as it should appear in messages, e.g. `content/reviews/2024.jsonl`. */
  path: string;
  text: string;
}

/** A review record with where it came from, so later checks can still name file and line. */
export interface LocatedRecord<R extends RecordFacts = ReviewRecord> {
  record: R;
  file: string;
  line: number;
}

/**
 * What the checks across records (checkReferences) and the moderation record read of a review record: all a build keeps
 * of the records of a file it published before (scripts/lib/published-content-cache.ts), beside the published reviews.
 */
export type RecordFacts = Pick<ReviewRecord, 'id' | 'date' | 'rating' | 'technicians' | 'services' | 'serviceArea'> & {
  /** The status, and a rejection's reason code: never the job reference or the owner's note, which are not published. */
  verification: ModerationStatus;
  ownerReply?: Pick<NonNullable<ReviewRecord['ownerReply']>, 'date'>;
};

/** A record's facts (RecordFacts), in a fixed key order. */
export function factsOf(r: RecordFacts): RecordFacts {
  return {
    id: r.id,
    date: r.date,
    rating: r.rating,
    verification: r.verification.status === 'rejected' ? { status: 'rejected', reason: r.verification.reason } : { status: r.verification.status },
    ...(r.technicians !== undefined && { technicians: r.technicians }),
    ...(r.services !== undefined && { services: r.services }),
    ...(r.serviceArea !== undefined && { serviceArea: r.serviceArea }),
    ...(r.ownerReply !== undefined && { ownerReply: { date: r.ownerReply.date } }),
  };
}

export interface ParsedContent {
  business: BusinessConfig;
  records: LocatedRecord[];
}

function fieldOf(path: PropertyKey[]): string {
  return path.map(String).join('.') || '(record)';
}

function zodIssues(error: z.ZodError, base: Omit<ContentIssue, 'message' | 'field'>): ContentIssue[] {
  return error.issues.map((i) => ({ ...base, field: fieldOf(i.path), message: i.message }));
}

/**
 * Parses and validates content/business.json. `//` comments are allowed (the starter file `npm run init`
 * writes explains itself with them); a key given twice is refused.
 */
export function parseBusiness(file: ContentFile): BusinessConfig {
  const parsed = parseJsonStrict(file.text, { comments: true });
  if (!parsed.ok) throw new ContentError([{ file: file.path, ...(parsed.line !== undefined && { line: parsed.line }), message: parsed.message }]);
  const result = BusinessConfigSchema.safeParse(parsed.value);
  if (!result.success) throw new ContentError(zodIssues(result.error, { file: file.path }));
  return result.data;
}

/** Parses one JSONL file of review records; blank lines are allowed, every other line is one review. */
export function parseReviewLines(file: ContentFile, issues: ContentIssue[]): LocatedRecord[] {
  const records: LocatedRecord[] = [];
  const lines = file.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.trim();
    if (text === '') continue;
    const line = i + 1;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      issues.push({ file: file.path, line, message: jsonLineError(e, lines[i]!.length - lines[i]!.trimStart().length) });
      continue;
    }
    const recordId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : undefined;
    const result = ReviewRecordSchema.safeParse(raw);
    if (!result.success) issues.push(...zodIssues(result.error, { file: file.path, line, recordId }));
    else records.push({ record: result.data, file: file.path, line });
  }
  return records;
}

/** Checks that cross records and the catalog: unique ids, known technician/service/area ids. */
export function checkReferences(business: BusinessConfig, records: readonly LocatedRecord<RecordFacts>[], issues: ContentIssue[]): void {
  const technicians = new Set(business.technicians.map((t) => t.id));
  const services = new Set(business.services.map((s) => s.id));
  const areas = new Set(business.serviceAreas.map((a) => a.id));
  const firstSeen = new Map<string, LocatedRecord<RecordFacts>>();
  for (const located of records) {
    const { record, file, line } = located;
    const at = { file, line, recordId: record.id };
    const earlier = firstSeen.get(record.id);
    if (earlier) issues.push({ ...at, field: 'id', message: `duplicate id, first used at ${earlier.file}:${earlier.line}` });
    else firstSeen.set(record.id, located);
    record.technicians?.forEach((id, i) => {
      if (!technicians.has(id)) issues.push({ ...at, field: `technicians.${i}`, message: `unknown technician id "${id}"` });
    });
    record.services?.forEach((id, i) => {
      if (!services.has(id)) issues.push({ ...at, field: `services.${i}`, message: `unknown service id "${id}"` });
    });
    if (record.serviceArea !== undefined && !areas.has(record.serviceArea)) {
      issues.push({ ...at, field: 'serviceArea', message: `unknown service area id "${record.serviceArea}"` });
    }
    if (record.ownerReply && record.ownerReply.date < record.date) {
      issues.push({ ...at, field: 'ownerReply.date', message: 'reply is dated before the review' });
    }
  }
}

/** Parses a whole content folder; throws one ContentError listing every problem found. */
export function parseContent(businessFile: ContentFile, reviewFiles: ContentFile[]): ParsedContent {
  const business = parseBusiness(businessFile);
  const issues: ContentIssue[] = [];
  const records = reviewFiles.flatMap((f) => parseReviewLines(f, issues));
  checkReferences(business, records, issues);
  if (issues.length > 0) throw new ContentError(issues);
  return { business, records };
}
