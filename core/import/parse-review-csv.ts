import type { ContentIssue } from '../content/content-error.ts';
import { parseCsv } from '../csv/parse-csv.ts';
import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';
import { RELATIONSHIPS } from '../schemas/disclosure-schema.ts';
import { HttpUrlSchema } from '../schemas/primitives.ts';
import { AuthorNameSchema, REVIEW_PLATFORMS, type ReviewPlatform } from '../schemas/review-schema.ts';
import { toAuthorName } from './author-name.ts';
import { calendarDateInZone } from './calendar-date-in-zone.ts';
import type { ImportContext, ImportedReview, SourceFile, SourceParseResult } from './imported-review.ts';
import { deriveReviewId, ID_PREFIXES } from './source-id.ts';

/** Columns of the CSV template (docs/import.md); the first four are required. */
export const REVIEW_CSV_COLUMNS = [
  'source_id',
  'platform',
  'date',
  'rating',
  'rating_scale',
  'title',
  'text',
  'author',
  'language',
  'url',
  'reply_text',
  'reply_date',
  'updated',
  'consent',
  'incentive',
  'relationship',
] as const;

/**
 * A rating on a 1–`scale` scale mapped linearly onto 1–5 and rounded: on a 10-point scale 10 → 5,
 * 7 → 4, 1 → 1. Null when the value is not a number within the scale.
 */
export function mapRating(value: string, scale: number): number | null {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n) || n < 1 || n > scale) return null;
  return Math.round(1 + ((n - 1) * 4) / (scale - 1));
}

type Row = Record<string, string>;

/** Parses the CSV template: one review per row, for every source without an importer of its own. */
export function parseReviewCsv(files: readonly SourceFile[], ctx: ImportContext): SourceParseResult {
  const issues: ContentIssue[] = [];
  const reviews: ImportedReview[] = [];
  for (const file of files) {
    let parsed;
    try {
      parsed = parseCsv(file.text);
    } catch (e) {
      issues.push({ file: file.path, message: (e as Error).message });
      continue;
    }
    const missing = ['source_id', 'platform', 'date', 'rating'].filter((c) => !parsed.headers.includes(c));
    if (missing.length > 0) {
      issues.push({ file: file.path, line: 1, message: `missing column(s): ${missing.join(', ')} (template: ${REVIEW_CSV_COLUMNS.join(',')})` });
      continue;
    }
    for (const row of parsed.rows) {
      const at = { file: file.path, line: row.line, recordId: row.values.source_id || `line ${row.line}` };
      const review = mapRow(row.values, ctx, (field, message) => issues.push({ ...at, field, message }));
      if (review) reviews.push({ ...review, origin: { file: file.path, record: at.recordId } });
    }
  }
  return { reviews, issues };
}

function mapRow(v: Row, ctx: ImportContext, fail: (field: string, message: string) => void): Omit<ImportedReview, 'origin'> | null {
  const bad = (field: string, message: string) => (fail(field, message), null);
  if (!v.source_id) return bad('source_id', 'required: the platform\'s own id, or any stable reference such as "card-2024-017"');
  const platform = v.platform!.toLowerCase() as ReviewPlatform;
  if (!REVIEW_PLATFORMS.includes(platform)) return bad('platform', `must be one of ${REVIEW_PLATFORMS.join(', ')}`);
  const date = calendarDateInZone(v.date!, ctx.timeZone);
  if (!date) return bad('date', `must be YYYY-MM-DD or an RFC 3339 timestamp, got "${v.date}"`);
  const scale = v.rating_scale ? Number(v.rating_scale) : 5;
  if (!Number.isInteger(scale) || scale < 2 || scale > 100) return bad('rating_scale', 'must be a whole number from 2 to 100 (default 5)');
  const rating = mapRating(v.rating!, scale);
  if (rating === null) return bad('rating', `must be a number from 1 to ${scale}, got "${v.rating}"`);
  const updated = v.updated ? calendarDateInZone(v.updated, ctx.timeZone) : date;
  if (!updated) return bad('updated', `must be YYYY-MM-DD or an RFC 3339 timestamp, got "${v.updated}"`);
  if (v.url && !HttpUrlSchema.safeParse(v.url).success) return bad('url', 'must be an absolute http(s) URL');
  const replyDate = v.reply_text ? calendarDateInZone(v.reply_date || v.date!, ctx.timeZone) : null;
  if (v.reply_text && !replyDate) return bad('reply_date', `must be YYYY-MM-DD or an RFC 3339 timestamp, got "${v.reply_date}"`);
  const consent = yesNo(v.consent);
  if (consent === 'bad') return bad('consent', 'must be yes or no (or empty)');
  if (v.relationship && !(RELATIONSHIPS as readonly string[]).includes(v.relationship))
    return bad('relationship', `must be one of ${RELATIONSHIPS.join(', ')} (or empty)`);
  if (v.language && !/^[a-z]{2,3}(-[A-Z]{2})?$/.test(v.language)) return bad('language', 'must be a language tag such as "en"');
  const author = toAuthorName(v.author);
  return {
    sourceUpdated: updated,
    fields: {
      id: deriveReviewId(ID_PREFIXES[platform], `${platform}:${v.source_id}`),
      date,
      rating,
      ...(v.title && { title: v.title.slice(0, 200) }),
      text: v.text ?? '',
      author: AuthorNameSchema.safeParse(author).success ? author : ANONYMOUS_AUTHOR,
      ...(consent !== undefined && { consent }),
      ...(v.incentive && { incentive: v.incentive }),
      ...(v.relationship && { relationship: v.relationship as (typeof RELATIONSHIPS)[number] }),
      source: { platform, ...(v.url && { url: v.url }) },
      language: v.language || (ctx.defaultLanguage ?? 'en'),
      ...(v.reply_text && replyDate && { ownerReply: { text: v.reply_text, date: replyDate < date ? date : replyDate } }),
    },
    ...(updated > date && { editedOn: updated }),
  };
}

function yesNo(value: string | undefined): boolean | undefined | 'bad' {
  if (!value) return undefined;
  const v = value.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return 'bad';
}
