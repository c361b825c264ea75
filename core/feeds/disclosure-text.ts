import type { Review } from '../schemas/review-schema.ts';

const RELATIONSHIP_WORDS = {
  employee: 'an employee of the business',
  relative: 'a relative of someone at the business',
  agent: 'an agent of the business',
  officer: 'an officer of the business',
} as const;

/**
 * The disclosures a review carries, as sentences shown with it on the page and in both feeds
 * (16 CFR 465: a connection or an incentive is stated next to the review, not in a footnote).
 */
export function disclosureSentences(review: Pick<Review, 'incentive' | 'relationship'>): string[] {
  const out: string[] = [];
  if (review.relationship) out.push(`Disclosure: the reviewer is ${RELATIONSHIP_WORDS[review.relationship]}.`);
  // Without its own full stop; one made of dots alone is said as written, never left out.
  if (review.incentive) out.push(`Disclosure: the reviewer was offered ${review.incentive.replace(/[.\s]+$/, '') || review.incentive.trim()}.`);
  return out;
}
