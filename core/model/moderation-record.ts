import { listWords } from '../format/list-words.ts';
import type { ModerationRecord } from '../schemas/moderation-schema.ts';
import { REJECTION_REASON_CODES, type RejectionReason } from '../schemas/rejection-reason-schema.ts';
import type { VERIFICATION_METHODS } from '../schemas/review-schema.ts';

type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** What the moderation record reads of a record's verification: its status, and a rejection's reason code. */
export type ModerationStatus = { status: 'verified' } | { status: 'unverified' } | { status: 'rejected'; reason: RejectionReason };

/** Each way a reviewer is matched to a real customer (VERIFICATION_METHODS), as VERIFICATION_PROMISE says it. */
export const VERIFICATION_MEANS: Record<VerificationMethod, string> = {
  'job-match': 'a job',
  'invoice-match': 'an invoice',
  'phone-confirmed': 'a phone call',
  'platform-verified': "the review platform's own check",
};

/**
 * What the pages and llms.txt promise of every published review. It names every method, because "matched to a real
 * job" claimed more than a phone call or the platform's own check proves.
 */
export const VERIFICATION_PROMISE = `Every review is matched to a real customer before it is published: by ${listWords(Object.values(VERIFICATION_MEANS), 'or')}.`;

/** The moderation policy as published with the record. */
export const MODERATION_POLICY =
  'Every review received is published once it is matched to a real customer, whatever its rating or tone. ' +
  'Reviews not yet matched are counted as unverified. A review is withheld only for one of a fixed list of ' +
  'content-neutral reasons applied to every review alike (16 CFR Part 465): not-a-customer, duplicate, ' +
  'conflict-of-interest, employee-or-relative-undisclosed, confidential-information, harassment-or-hate, ' +
  'obscene, unrelated-to-business, spam.';

/**
 * Counts every review by what happened to it, overall and per star rating. Pure; the counts add up:
 * received = published + unverified + withheld.total.
 */
export function buildModerationRecord(records: readonly { rating: number; verification: ModerationStatus }[]): ModerationRecord {
  const byReason = Object.fromEntries(REJECTION_REASON_CODES.map((c) => [c, 0])) as Record<RejectionReason, number>;
  const byRating = [1, 2, 3, 4, 5].map((rating) => ({ rating, received: 0, published: 0, unverified: 0, withheld: 0 }));
  let published = 0;
  let unverified = 0;
  let withheld = 0;
  for (const { rating, verification: v } of records) {
    const row = byRating[rating - 1]!;
    row.received++;
    if (v.status === 'verified') {
      published++;
      row.published++;
    } else if (v.status === 'unverified') {
      unverified++;
      row.unverified++;
    } else {
      withheld++;
      row.withheld++;
      byReason[v.reason]++;
    }
  }
  return { policy: MODERATION_POLICY, received: records.length, published, unverified, withheld: { total: withheld, byReason }, byRating };
}
