import { z } from 'zod';
import { cutText } from '../text/cut-text.ts';
import { issuesFull, type ContentIssue } from '../content/content-error.ts';
import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';
import { AuthorNameSchema, MAX_TITLE } from '../schemas/review-schema.ts';
import { maskReplySurnames, toAuthorName } from './author-name.ts';
import { calendarDateInZone } from './calendar-date-in-zone.ts';
import { parseJsonFile, type ImportContext, type ImportedReview, type SourceFile, type SourceParseResult } from './imported-review.ts';
import { nativeReviewIds } from './source-id.ts';

/** A review of the Trustpilot business-units reviews API (the fields the import reads). */
const TrustpilotReviewSchema = z.object({
  id: z.string().min(1),
  stars: z.int().min(1).max(5),
  title: z.string().optional(),
  text: z.string().default(''),
  language: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().nullish(),
  consumer: z.object({ displayName: z.string().optional() }).optional(),
  businessUnit: z.object({ id: z.string().optional(), displayName: z.string().optional() }).nullish(),
  companyReply: z.object({ text: z.string(), createdAt: z.string().optional(), updatedAt: z.string().nullish() }).nullish(),
  isVerified: z.boolean().optional(),
  verificationLevel: z.string().optional(),
  reviewVerificationLevel: z.string().optional(),
});

/**
 * Why a review belongs to another business, or null: its business unit is not the one business.json names, or (none
 * named) not the one the earlier reviews of the import had. Reviews of another business were imported as
 * platform-verified, and so published at once (adversarial review, 2026-11-27).
 */
function otherBusinessUnit(
  unit: { id?: string | undefined; displayName?: string | undefined } | null | undefined,
  ctx: ImportContext,
  seen: Map<string, string>,
): string | null {
  if (!unit?.id) return null; // an export without the field: nothing to compare
  const name = (id: string, display?: string) => (display ? `${id} (${display})` : id);
  if (ctx.trustpilotBusinessUnitId !== undefined && unit.id !== ctx.trustpilotBusinessUnitId)
    return `a review of business unit ${name(unit.id, unit.displayName)}, not ${ctx.trustpilotBusinessUnitId} (business.json's, or --business-unit): import your own business's reviews, or name that unit with --business-unit if it is yours too (another domain)`;
  const [first] = seen;
  if (!first) seen.set(unit.id, unit.displayName ?? '');
  else if (first[0] !== unit.id)
    return `a review of business unit ${name(unit.id, unit.displayName)}, while the reviews before it are of ${name(first[0], first[1])}: import one business's reviews at a time`;
  return null;
}

function language(tag: string | undefined): string {
  const m = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?$/i.exec(tag ?? '');
  return m ? m[1]!.toLowerCase() : 'und';
}

/**
 * Parses saved responses of the Trustpilot business-units reviews API (`{reviews:[…]}` per page).
 * A review Trustpilot reports as verified (`isVerified`, or verification level "verified") is imported as
 * `platform-verified`, verified on the day it was written; every other review starts unverified.
 */
export function parseTrustpilot(files: readonly SourceFile[], ctx: ImportContext): SourceParseResult {
  const units = new Map<string, string>(); // business unit id → its name, as the reviews give them
  const issues: ContentIssue[] = [];
  const reviews: ImportedReview[] = [];
  for (const file of files) {
    const list = (parseJsonFile(file, issues) as { reviews?: unknown } | undefined)?.reviews;
    if (!Array.isArray(list)) {
      if (!issues.some((i) => i.file === file.path))
        issues.push({ file: file.path, field: 'reviews', message: 'expected a reviews API response with a `reviews` array' });
      continue;
    }
    list.forEach((raw, i) => {
      if (issuesFull(issues, file.path)) return;
      const record = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `reviews.${i}`;
      const at = (field: string, message: string) => issues.push({ file: file.path, recordId: record, field: `reviews.${i}.${field}`, message });
      const parsed = TrustpilotReviewSchema.safeParse(raw);
      if (!parsed.success) return parsed.error.issues.forEach((e) => at(e.path.join('.'), e.message));
      const r = parsed.data;
      const unit = otherBusinessUnit(r.businessUnit, ctx, units);
      if (unit) return at('businessUnit.id', unit);
      const date = calendarDateInZone(r.createdAt, ctx.timeZone);
      if (!date) return at('createdAt', `not an RFC 3339 timestamp: "${r.createdAt}"`);
      const edited = r.updatedAt ? calendarDateInZone(r.updatedAt, ctx.timeZone) : date;
      if (!edited) return at('updatedAt', `not an RFC 3339 timestamp: "${r.updatedAt}"`);
      const reply = r.companyReply && r.companyReply.text.trim() !== '' ? r.companyReply : null;
      const replyDate = reply ? calendarDateInZone(reply.updatedAt ?? reply.createdAt ?? r.createdAt, ctx.timeZone) : null;
      if (reply && !replyDate) return at('companyReply.createdAt', 'not an RFC 3339 timestamp');
      const author = toAuthorName(r.consumer?.displayName);
      // The surname is known here only: the reply is stored with its initial.
      const replyText = maskReplySurnames(reply?.text.trim() ?? '', r.consumer?.displayName);
      const level = (r.reviewVerificationLevel ?? r.verificationLevel ?? '').toLowerCase();
      const verified = r.isVerified === true || level === 'verified';
      const { id, formerIds } = nativeReviewIds('trustpilot', r.id);
      reviews.push({
        origin: { file: file.path, record },
        sourceUpdated: r.updatedAt ?? r.createdAt,
        formerIds,
        fields: {
          id,
          date,
          rating: r.stars,
          ...(r.title?.trim() && { title: cutText(r.title.trim(), MAX_TITLE).text }),
          text: r.text.trim(),
          author: AuthorNameSchema.safeParse(author).success ? author : ANONYMOUS_AUTHOR,
          source: { platform: 'trustpilot', url: `https://www.trustpilot.com/reviews/${encodeURIComponent(r.id)}` },
          language: language(r.language),
          ...(reply && replyDate && { ownerReply: { text: replyText, date: replyDate < date ? date : replyDate } }),
        },
        ...(edited > date && { editedOn: edited }),
        verification: verified
          ? { status: 'verified', method: 'platform-verified', verifiedOn: date }
          : { status: 'unverified', reason: `imported from Trustpilot (verification level: ${level || 'not verified'}); not yet matched to a job` },
      });
    });
  }
  return { reviews, issues };
}
