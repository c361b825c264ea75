import { z } from 'zod';
import type { ContentIssue } from '../content/content-error.ts';
import { AuthorNameSchema } from '../schemas/review-schema.ts';
import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';
import { maskReplySurnames, toAuthorName } from './author-name.ts';
import { calendarDateInZone } from './calendar-date-in-zone.ts';
import { detectLanguage } from './detect-language.ts';
import type { ImportContext, ImportedReview } from './imported-review.ts';
import { nativeReviewIds } from './source-id.ts';
import { originalComment } from './translated-comment.ts';

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

/** The Business Profile API `Review` resource (accounts.locations.reviews), as Takeout and the API give it. */
export const GoogleReviewSchema = z.object({
  name: z.string().optional(),
  reviewId: z.string().min(1).optional(),
  reviewer: z.object({ displayName: z.string().optional(), profilePhotoUrl: z.string().optional(), isAnonymous: z.boolean().optional() }).optional(),
  starRating: z.enum(['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'], { message: 'must be ONE, TWO, THREE, FOUR or FIVE' }),
  comment: z.string().optional(),
  createTime: z.string(),
  updateTime: z.string().optional(),
  reviewReply: z.object({ comment: z.string(), updateTime: z.string().optional() }).optional(),
});

/**
 * Maps one Google `Review` to content fields. Star enum → 1–5; times → calendar dates in the business's
 * zone; "(Translated by Google)" comments keep the original text and its language; no comment → "" (a
 * star-only review); the reply keeps its own date. Problems are pushed to `issues` naming file, record, field.
 */
export function mapGoogleReview(raw: unknown, at: { file: string; path: string }, ctx: ImportContext, issues: ContentIssue[]): ImportedReview | null {
  const guessId = (raw as { reviewId?: unknown })?.reviewId;
  const record = typeof guessId === 'string' ? guessId : at.path;
  const parsed = GoogleReviewSchema.safeParse(raw);
  if (!parsed.success) {
    for (const i of parsed.error.issues) issues.push({ file: at.file, recordId: record, field: [at.path, ...i.path].join('.'), message: i.message });
    return null;
  }
  const r = parsed.data;
  const sourceId = r.reviewId ?? r.name?.split('/').at(-1);
  const issue = (field: string, message: string) => issues.push({ file: at.file, recordId: record, field: `${at.path}.${field}`, message });
  if (!sourceId) return (issue('reviewId', 'missing: neither reviewId nor name is given'), null);
  const date = calendarDateInZone(r.createTime, ctx.timeZone);
  if (!date) return (issue('createTime', `not an RFC 3339 timestamp: "${r.createTime}"`), null);
  const updated = calendarDateInZone(r.updateTime ?? r.createTime, ctx.timeZone);
  if (!updated) return (issue('updateTime', `not an RFC 3339 timestamp: "${r.updateTime}"`), null);
  const comment = originalComment(r.comment);
  let ownerReply: { text: string; date: string } | undefined;
  if (r.reviewReply && r.reviewReply.comment.trim() !== '') {
    const replyDate = calendarDateInZone(r.reviewReply.updateTime ?? r.updateTime ?? r.createTime, ctx.timeZone);
    if (!replyDate) return (issue('reviewReply.updateTime', `not an RFC 3339 timestamp: "${r.reviewReply.updateTime}"`), null);
    // The surname is known here only: the reply is stored with its initial.
    const text = maskReplySurnames(originalComment(r.reviewReply.comment).text, r.reviewer?.displayName, r.reviewer?.isAnonymous);
    ownerReply = { text, date: replyDate < date ? date : replyDate };
  }
  const author = toAuthorName(r.reviewer?.displayName, r.reviewer?.isAnonymous);
  const { id, formerIds } = nativeReviewIds('google', sourceId);
  return {
    origin: { file: at.file, record },
    sourceUpdated: r.updateTime ?? r.createTime,
    formerIds,
    fields: {
      id,
      date,
      rating: STARS[r.starRating],
      text: comment.text,
      author: AuthorNameSchema.safeParse(author).success ? author : ANONYMOUS_AUTHOR,
      source: { platform: 'google' },
      language: comment.translated ? detectLanguage(comment.text) : (ctx.defaultLanguage ?? 'en'),
      ...(ownerReply && { ownerReply }),
    },
    ...(updated > date && { editedOn: updated }),
  };
}
