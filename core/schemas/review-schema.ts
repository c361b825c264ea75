import { z } from 'zod';
import { CalendarDateSchema, EntityRefSchema, HttpUrlSchema, SlugSchema, StarRatingSchema } from './primitives.ts';
import { RejectionReasonSchema } from './rejection-reason-schema.ts';
import { DisclosureShape } from './disclosure-schema.ts';

/**
 * "Maria G." — first name and last initial only; never a full surname, an email address or a phone number.
 * Initials alone ("M. G.") are also accepted: that is how a name is published without the reviewer's consent.
 */
// A modifier letter may come first: the Hawaiian ʻokina of "ʻIolani" is part of the name, not punctuation.
export const AuthorNameSchema = z.string().regex(/^\p{Lm}?[\p{Lu}\p{Lt}\p{Lo}][\p{L}\p{M}'’-]{0,30}\.?( [\p{Lu}\p{Lt}\p{Lo}]\.)?$/u, {
  message: 'must be a first name and optional last initial, e.g. "Maria G." (no surname, email or phone)',
});

/** Where reviews come from; `paper` covers comment cards and letters. */
export const REVIEW_PLATFORMS = [
  'google',
  'yelp',
  'facebook',
  'bbb',
  'angi',
  'nextdoor',
  'website',
  'email',
  'trustpilot',
  'houzz',
  'paper',
] as const;
export type ReviewPlatform = (typeof REVIEW_PLATFORMS)[number];

/** The longest review title kept (UTF-16 units); importers cut a longer one (cutText). */
export const MAX_TITLE = 200;

export const ReviewSourceSchema = z
  .object({
    platform: z.enum(REVIEW_PLATFORMS),
    url: HttpUrlSchema.optional(),
  })
  .strict();

export const VERIFICATION_METHODS = ['job-match', 'invoice-match', 'platform-verified', 'phone-confirmed'] as const;

export const VerifiedSchema = z
  .object({
    status: z.literal('verified'),
    method: z.enum(VERIFICATION_METHODS).meta({ description: 'How the reviewer was matched to a real customer.' }),
    verifiedOn: CalendarDateSchema,
    /** Internal job or invoice reference; kept in content, never published. */
    reference: z.string().min(1).optional(),
  })
  .strict();

export const UnverifiedSchema = z
  .object({
    status: z.literal('unverified'),
    reason: z.string().min(1).meta({ description: 'Why the review is not verified yet (shown in the build report); never its rating or tone.' }),
  })
  .strict();

/**
 * A review withheld for good. 16 CFR Part 465 lets a business withhold reviews only on content-neutral
 * grounds applied to all reviews, so the reason is one code from a fixed list, never a rating or a mood.
 */
export const RejectedSchema = z
  .object({
    status: z.literal('rejected'),
    reason: RejectionReasonSchema,
    note: z.string().trim().min(1, { message: 'a rejection needs a note saying what was checked' }),
  })
  .strict();

export const VerificationRecordSchema = z.discriminatedUnion('status', [VerifiedSchema, UnverifiedSchema, RejectedSchema]);
export type VerificationRecord = z.infer<typeof VerificationRecordSchema>;

export const OwnerReplySchema = z.object({ text: z.string().min(1), date: CalendarDateSchema }).strict();
export const PhotoSchema = z.object({ url: HttpUrlSchema, alt: z.string().min(1) }).strict();

const sharedReviewShape = {
  id: SlugSchema.meta({ description: 'Stable review id.', examples: ['r-2024-0412'] }),
  date: CalendarDateSchema.meta({ description: 'Date the review was written.' }),
  rating: StarRatingSchema,
  title: z.string().min(1).max(MAX_TITLE).optional(),
  text: z.string().max(20000).meta({ description: 'Review text; empty for a rating-only review.' }),
  author: AuthorNameSchema,
  ...DisclosureShape,
  source: ReviewSourceSchema,
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { message: 'must be a language tag such as "en" ("und" when unknown)' })
    .default('en'),
  updatedAt: CalendarDateSchema.optional().meta({
    description: 'Date the reviewer last edited the review, when it was edited after it was written.',
  }),
  ownerReply: OwnerReplySchema.optional(),
  photos: z.array(PhotoSchema).default([]),
};

/** One line of content/reviews/*.jsonl. Technicians, services and area are ids into the business catalog. */
export const ReviewRecordSchema = z
  .object({
    ...sharedReviewShape,
    verification: VerificationRecordSchema,
    technicians: z.array(SlugSchema).optional().meta({ description: 'Technician ids; extracted from the text when absent.' }),
    services: z.array(SlugSchema).optional().meta({ description: 'Service ids; extracted from the text when absent.' }),
    serviceArea: SlugSchema.optional(),
    consent: z.boolean().optional().meta({ description: 'The reviewer agreed to show their name; without it the name is published as initials.' }),
  })
  .strict();
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;

/** A published review: verified only, catalog ids resolved to id + name, with its permalink. */
export const ReviewSchema = z
  .object({
    ...sharedReviewShape,
    url: HttpUrlSchema.meta({ description: 'Permalink of the review on the business site.' }),
    verification: VerifiedSchema.omit({ reference: true }),
    technicians: z.array(EntityRefSchema).meta({ description: 'Technicians the review mentions.' }),
    services: z.array(EntityRefSchema).meta({ description: 'Services the review mentions (catalog ids).' }),
    serviceArea: EntityRefSchema.nullable(),
  })
  .strict()
  .meta({ id: 'Review', description: 'A verified customer review.' });
export type Review = z.infer<typeof ReviewSchema>;
