import { describe, expect, it } from 'vitest';
import { ratingOrToneIn } from '../../../../core/schemas/rating-or-tone.ts';
import { ReviewRecordSchema } from '../../../../core/schemas/review-schema.ts';
import { ModerationDecisionSchema } from '../../../../core/verify/moderation-decision.ts';
import { record } from '../../../helpers/sample-model.ts';

describe('a ground that names the rating or the tone (16 CFR 465)', () => {
  it.each(['1-star, negative about us', 'low rating', 'too harsh', 'unfair review of our crew', 'two stars and rude', 'star rating'])(
    'finds it in "%s"',
    (text) => expect(ratingOrToneIn(text)).not.toBeNull(),
  );

  it.each([
    'duplicate of r-2024-0013 (same customer and job, posted again on Google)',
    'reviewer is a competitor (owner of another roofing company in Loveland); no job, estimate or call on record',
    'slurs and an abusive tone toward the crew',
    'no matching job found; reviewer did not answer the verification request',
  ])('leaves "%s"', (text) => expect(ratingOrToneIn(text)).toBeNull());

  it('refuses it in `npm run moderate` and in the content (a 1-star review was withheld as not-a-customer, "low rating")', () => {
    const decision = ModerationDecisionSchema.safeParse({ action: 'reject', reason: 'not-a-customer', note: '1-star, negative about us' });
    expect(decision.success).toBe(false);
    expect(decision.error!.issues[0]!.message).toMatch(/gives the rating or the tone \("1-star"\) as a ground: .*16 CFR Part 465 forbids/);
    const rejected = ReviewRecordSchema.safeParse({
      ...record({ id: 'r-1', date: '2025-01-01' }),
      verification: { status: 'rejected', reason: 'spam', note: 'low rating' },
    });
    expect(rejected.error!.issues.map((i) => i.message)).toEqual([expect.stringMatching(/^gives the rating or the tone \("low rating"\)/)]);
    const unverified = ReviewRecordSchema.safeParse({
      ...record({ id: 'r-1', date: '2025-01-01' }),
      verification: { status: 'unverified', reason: 'owner: too negative, not publishing' },
    });
    expect(unverified.error!.issues.map((i) => i.message)).toEqual([expect.stringMatching(/^gives the rating or the tone \("too negative"\)/)]);
    expect(
      ReviewRecordSchema.safeParse({
        ...record({ id: 'r-1', date: '2025-01-01' }),
        verification: { status: 'unverified', reason: 'no matching job found' },
      }).success,
    ).toBe(true);
  });
});
