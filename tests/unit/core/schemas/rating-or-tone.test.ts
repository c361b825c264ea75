import { describe, expect, it } from 'vitest';
import { ratingOrToneIn } from '../../../../core/schemas/rating-or-tone.ts';
import { ReviewRecordSchema } from '../../../../core/schemas/review-schema.ts';
import { ModerationDecisionSchema } from '../../../../core/verify/moderation-decision.ts';
import { record } from '../../../helpers/sample-model.ts';

describe('a ground that names the rating or the tone (16 CFR 465)', () => {
  it.each([
    '1-star, negative about us',
    'low rating',
    'too harsh',
    'unfair review of our crew',
    'two stars and rude',
    'five-star competitor',
    'gave us 1/5',
    '1 out of 5',
    'angry review',
    'star rating',
  ])('finds it in "%s"', (text) => expect(ratingOrToneIn(text)).not.toBeNull());

  it.each([
    'duplicate of r-2024-0013 (same customer and job, posted again on Google)',
    'reviewer is a competitor (owner of another roofing company in Loveland); no job, estimate or call on record',
    'harassment: slurs and an abusive tone toward the crew',
    'no matching job found; reviewer did not answer the verification request',
    'reviews a Class 4 impact rating we never installed: another company',
    'rated the wrong company',
  ])('leaves "%s"', (text) => expect(ratingOrToneIn(text)).toBeNull());

  it('is refused by `npm run moderate` (a 1-star review was withheld as not-a-customer, "1-star, negative about us")', () => {
    const decision = ModerationDecisionSchema.safeParse({ action: 'reject', reason: 'not-a-customer', note: '1-star, negative about us' });
    expect(decision.success).toBe(false);
    expect(decision.error!.issues[0]!.message).toMatch(/gives the rating or the tone \("1-star"\) as a ground: .*16 CFR Part 465 forbids/);
    expect(ModerationDecisionSchema.safeParse({ action: 'reject', reason: 'duplicate', note: 'duplicate of r-2024-0013' }).success).toBe(true);
  });

  it('does not stop a build of content that already holds one (a word list has false positives): the build warns', () => {
    const held = {
      ...record({ id: 'r-1', date: '2025-01-01' }),
      verification: { status: 'rejected', reason: 'duplicate', note: 'duplicate of a 5-star review' },
    };
    expect(ReviewRecordSchema.safeParse(held).success).toBe(true);
  });
});
