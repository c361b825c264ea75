import type { ModerationRecord } from '../schemas/moderation-schema.ts';
import { REJECTION_REASON_CODES, type RejectionReason } from '../schemas/rejection-reason-schema.ts';

/** What the moderation record reads of a record's verification: its status, and a rejection's reason code. */
export type ModerationStatus = { status: 'verified' } | { status: 'unverified' } | { status: 'rejected'; reason: RejectionReason };

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
