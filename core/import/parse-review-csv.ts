import { issuesFull, type ContentIssue } from '../content/content-error.ts';
import { cutText } from '../text/cut-text.ts';
import { delimiterName } from '../csv/parse-csv.ts';
import { readCsvTable } from '../csv/read-csv-table.ts';
import { parseLocaleNumber, parseSpreadsheetDate } from '../csv/spreadsheet-date.ts';
import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';
import { RELATIONSHIPS } from '../schemas/disclosure-schema.ts';
import { HttpUrlSchema } from '../schemas/primitives.ts';
import { AuthorNameSchema, MAX_TITLE, REVIEW_PLATFORMS, type ReviewPlatform } from '../schemas/review-schema.ts';
import { maskReplySurnames, toAuthorName } from './author-name.ts';
import { calendarDateInZone } from './calendar-date-in-zone.ts';
import type { ImportContext, ImportedReview, SourceFile, SourceParseResult } from './imported-review.ts';
import { spreadsheetReviewIds } from './source-id.ts';

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
 * 7 → 4, 1 → 1. The rating itself must be a whole number within the scale: a fractional rating (4.5) is
 * null, never rounded to a star the reviewer did not give.
 */
export function mapRating(value: string | number, scale: number): number | null {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > scale) return null;
  return Math.round(1 + ((n - 1) * 4) / (scale - 1));
}

type Row = Partial<Record<(typeof REVIEW_CSV_COLUMNS)[number], string>>;

/**
 * Parses the CSV template: one review per row, for every source without an importer of its own. Headers
 * are matched loosely (readCsvTable), dates read in the business's locale, and every problem of every row
 * is reported in one run.
 */
export function parseReviewCsv(files: readonly SourceFile[], ctx: ImportContext): SourceParseResult {
  const issues: ContentIssue[] = [];
  const reviews: ImportedReview[] = [];
  const notes: string[] = [];
  // A row's id, by platform, and where it was first given: two different rows under one id, neither an edit of the
  // other (a later `updated`), are two reviews, of which the import kept one without a word (an owner's copy-paste
  // slip); the same row twice, in any column order, is one review.
  const firstOf = new Map<string, { file: string; line: number; row: string; updated: string }>();
  for (const file of files) {
    const table = readCsvTable(file, { columns: REVIEW_CSV_COLUMNS, required: ['source_id', 'platform', 'date', 'rating'] });
    issues.push(...table.issues);
    if (table.delimiter !== ',') notes.push(`${file.path}: columns separated by ${delimiterName(table.delimiter)}`);
    for (const row of table.rows) {
      if (issuesFull(issues, file.path)) break;
      const at = { file: file.path, line: row.line, recordId: row.values.source_id || `line ${row.line}` };
      const key = `${row.values.platform ?? ''}\n${row.values.source_id ?? ''}`;
      const first = firstOf.get(key);
      const whole = rowContent(row.values);
      const updated = row.values.updated ?? '';
      if (row.values.source_id && first && first.row !== whole && first.updated === updated) {
        const where = first.file === file.path ? `line ${first.line}` : `${first.file} line ${first.line}`;
        issues.push({ ...at, field: 'source_id', message: `also the id of a different review on ${where}: give each review its own id` });
        continue;
      }
      if (!first) firstOf.set(key, { file: file.path, line: row.line, row: whole, updated });
      const review = mapRow(row.values, ctx, (field, message) => issues.push({ ...at, field, message }));
      if (review) reviews.push({ ...review, origin: { file: file.path, record: at.recordId } });
    }
  }
  return { reviews, issues, notes };
}

/** A row's values as one string, whatever the order of its file's columns, empty cells left out. */
function rowContent(values: Row): string {
  return JSON.stringify(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v.trim() !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** A date column: a spreadsheet date in the business's locale, or an RFC 3339 timestamp. */
function readDate(value: string, ctx: ImportContext): { date: string } | { error: string } {
  if (/\d{2}:\d{2}.*([zZ]|[+-]\d{2}:?\d{2})$/.test(value) && /^\d{4}-/.test(value)) {
    const date = calendarDateInZone(value, ctx.timeZone);
    return date ? { date } : { error: `not an RFC 3339 timestamp: "${value}"` };
  }
  const read = parseSpreadsheetDate(value, ctx.locale);
  // Inside the parenthesis that lists what is expected: "(expected YYYY-MM-DD or M/D/YYYY (…), or an RFC 3339 timestamp)".
  return 'date' in read ? read : { error: read.error.replace(/\)$/, ', or an RFC 3339 timestamp)') };
}

/** Maps one row; reports every bad field of the row (not only the first), and returns null when any was bad. */
function mapRow(v: Row, ctx: ImportContext, fail: (field: string, message: string) => void): Omit<ImportedReview, 'origin'> | null {
  let ok = true;
  const bad = (field: string, message: string) => {
    fail(field, message);
    ok = false;
  };
  if (!v.source_id) bad('source_id', 'required: the platform\'s own id, or any stable reference such as "card-2024-017"');
  const platform = (v.platform ?? '').toLowerCase() as ReviewPlatform;
  if (!REVIEW_PLATFORMS.includes(platform)) bad('platform', `must be one of ${REVIEW_PLATFORMS.join(', ')}`);
  const created = readDate(v.date ?? '', ctx);
  if ('error' in created) bad('date', created.error);
  const scale = v.rating_scale ? parseLocaleNumber(v.rating_scale, ctx.locale) : 5;
  const scaleOk = scale !== null && Number.isInteger(scale) && scale >= 2 && scale <= 100;
  if (!scaleOk) bad('rating_scale', 'must be a whole number from 2 to 100 (default 5)');
  const given = parseLocaleNumber(v.rating ?? '', ctx.locale) ?? (v.rating?.trim() ? Number(v.rating) : Number.NaN);
  const rating = scaleOk ? mapRating(given, scale) : null;
  if (scaleOk && rating === null)
    bad(
      'rating',
      Number.isFinite(given) && !Number.isInteger(given) && given >= 1 && given <= scale
        ? `must be a whole number of stars: "${v.rating}" is fractional (it is never rounded; enter the rating the reviewer gave on the platform)`
        : `must be a whole number from 1 to ${scale}, got "${v.rating ?? ''}"`,
    );
  const updated = v.updated ? readDate(v.updated, ctx) : created;
  if (v.updated && 'error' in updated) bad('updated', updated.error);
  if (v.url && !HttpUrlSchema.safeParse(v.url).success) bad('url', 'must be an absolute http(s) URL');
  const replied = v.reply_text ? readDate(v.reply_date || v.date || '', ctx) : null;
  if (v.reply_text && v.reply_date && replied && 'error' in replied) bad('reply_date', replied.error);
  const consent = yesNo(v.consent);
  if (consent === 'bad') bad('consent', 'must be yes or no (or empty)');
  if (v.relationship && !(RELATIONSHIPS as readonly string[]).includes(v.relationship))
    bad('relationship', `must be one of ${RELATIONSHIPS.join(', ')} (or empty)`);
  if (v.language && !/^[a-z]{2,3}(-[A-Z]{2})?$/.test(v.language)) bad('language', 'must be a language tag such as "en"');
  if (!ok || 'error' in created || 'error' in updated || rating === null || consent === 'bad') return null;
  const date = created.date;
  const replyDate = replied && 'date' in replied ? replied.date : null;
  const author = toAuthorName(v.author);
  // The surname is known here only: the reply is stored with its initial.
  const replyText = v.reply_text && maskReplySurnames(v.reply_text, v.author);
  const { id, formerIds } = spreadsheetReviewIds(platform, v.source_id!);
  return {
    sourceUpdated: updated.date,
    ...(formerIds.length > 0 && { formerIds }),
    fields: {
      id,
      date,
      rating,
      ...(v.title && { title: cutText(v.title, MAX_TITLE).text }),
      text: v.text ?? '',
      author: AuthorNameSchema.safeParse(author).success ? author : ANONYMOUS_AUTHOR,
      ...(consent !== undefined && { consent }),
      ...(v.incentive && { incentive: v.incentive }),
      ...(v.relationship && { relationship: v.relationship as (typeof RELATIONSHIPS)[number] }),
      source: { platform, ...(v.url && { url: v.url }) },
      language: v.language || (ctx.defaultLanguage ?? 'en'),
      ...(replyText && replyDate && { ownerReply: { text: replyText, date: replyDate < date ? date : replyDate } }),
    },
    ...(updated.date > date && { editedOn: updated.date }),
  };
}

function yesNo(value: string | undefined): boolean | undefined | 'bad' {
  if (!value) return undefined;
  const v = value.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(v)) return true;
  if (['no', 'n', 'false', '0'].includes(v)) return false;
  return 'bad';
}
