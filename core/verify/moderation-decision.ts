import { z } from 'zod';
import { REJECTION_REASON_CODES, RejectionReasonSchema } from '../schemas/rejection-reason-schema.ts';
import { ReviewRecordSchema, VERIFICATION_METHODS } from '../schemas/review-schema.ts';
import { refuseRatingOrTone } from '../schemas/rating-or-tone.ts';

/** Ways an owner verifies a review by hand (platform-verified comes from the platform, never from a person). */
export const MANUAL_VERIFICATION_METHODS = VERIFICATION_METHODS.filter((m) => m !== 'platform-verified') as [
  'job-match',
  'invoice-match',
  'phone-confirmed',
];

/** Why a name is shown or hidden: what the reviewer said, never what they wrote or how many stars they gave. */
export const CONSENT_REASONS = ['reviewer-agreed', 'reviewer-withdrew'] as const;

/**
 * One decision of `npm run moderate`, each with a content-neutral reason code from a fixed list: a way the
 * reviewer was confirmed as a customer, a consent given or withdrawn, or a rejection code of 16 CFR Part 465.
 * No code refers to a rating or a sentiment, so no decision can be made on those grounds.
 */
export const ModerationDecisionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify'), reason: z.enum(MANUAL_VERIFICATION_METHODS), reference: z.string().trim().min(1).optional() }).strict(),
  z.object({ action: z.literal('consent'), reason: z.enum(CONSENT_REASONS) }).strict(),
  z
    .object({
      action: z.literal('reject'),
      reason: RejectionReasonSchema,
      note: z.string().trim().min(1, { message: 'a rejection needs --note saying what was checked' }).superRefine(refuseRatingOrTone),
    })
    .strict(),
]);
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

/** The reason codes of each action, for usage and error messages. */
export const REASONS_BY_ACTION = {
  verify: MANUAL_VERIFICATION_METHODS,
  consent: CONSENT_REASONS,
  reject: REJECTION_REASON_CODES,
} as const;

/**
 * A review record with the decision applied: `verification` for verify and reject (the record the published
 * moderation record counts: published, or withheld per reason code), `consent` for consent. Returns the
 * record unchanged when the decision is already recorded. Throws when the result would not be a valid record.
 */
export function applyModerationDecision(
  raw: Readonly<Record<string, unknown>>,
  decision: ModerationDecision,
  today: string,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...raw };
  if (decision.action === 'verify')
    next.verification = {
      status: 'verified',
      method: decision.reason,
      verifiedOn: today,
      ...(decision.reference && { reference: decision.reference }),
    };
  else if (decision.action === 'reject') next.verification = { status: 'rejected', reason: decision.reason, note: decision.note };
  else next.consent = decision.reason === 'reviewer-agreed';
  const check = ReviewRecordSchema.safeParse(next);
  if (!check.success) throw new Error(check.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return next;
}
