import { z } from 'zod';
import { REJECTION_REASON_CODES, REJECTION_REASONS, type RejectionReason } from './rejection-reason-schema.ts';

const count = z.int().min(0);

/** Withheld reviews per reason code: every code of the fixed list, in list order, zero when unused. */
export const WithheldByReasonSchema = z
  .object(
    Object.fromEntries(REJECTION_REASON_CODES.map((code) => [code, count.meta({ description: REJECTION_REASONS[code].description })])) as Record<
      RejectionReason,
      typeof count
    >,
  )
  .strict();

export const ModerationByRatingSchema = z
  .object({ rating: z.int().min(1).max(5), received: count, published: count, unverified: count, withheld: count })
  .strict();

/**
 * What happened to every review the business received, so anyone can check that low ratings were not
 * filtered out (16 CFR Part 465). `received` = `published` + `unverified` + `withheld.total`, overall and
 * for each star rating.
 */
export const ModerationRecordSchema = z
  .object({
    policy: z.string().min(1).meta({ description: 'The moderation policy in one paragraph.' }),
    received: count.meta({ description: 'Every review in the content, whatever its status.' }),
    published: count.meta({ description: 'Verified reviews, all of them published.' }),
    unverified: count.meta({ description: 'Not matched to a customer yet; not published, not rejected.' }),
    withheld: z
      .object({ total: count, byReason: WithheldByReasonSchema })
      .strict()
      .meta({ description: 'Reviews rejected on a content-neutral ground, per reason code.' }),
    byRating: z.array(ModerationByRatingSchema).length(5).meta({ description: 'The same counts for each star rating, 1 to 5.' }),
  })
  .strict()
  .meta({ id: 'ModerationRecord', description: 'Reviews received, published, still unverified and withheld per reason code.' });
export type ModerationRecord = z.infer<typeof ModerationRecordSchema>;
