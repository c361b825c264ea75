import { z } from 'zod';

/**
 * The only grounds on which a review may be withheld (16 CFR Part 465, the FTC rule on consumer
 * reviews: no suppression by rating or sentiment; withholding only on content-neutral grounds applied
 * to every review). The list is fixed: the build refuses any other code. `words` is how pages name a reason to
 * people ("2 spam"); `description` is what the reason covers (OpenAPI, the moderation record's list).
 */
export const REJECTION_REASONS = {
  'not-a-customer': { words: 'not a customer on record', description: 'No purchase, job, estimate or contact on record for the reviewer.' },
  duplicate: { words: 'duplicate', description: 'The same customer already reviewed the same job (the earlier review is kept).' },
  'conflict-of-interest': {
    words: 'conflict of interest',
    description: 'Written by a competitor or someone with a stake in the business, undisclosed.',
  },
  'employee-or-relative-undisclosed': {
    words: 'undisclosed employee or relative',
    description: 'Written by an employee, officer, agent or their relative without saying so.',
  },
  'confidential-information': {
    words: 'personal information',
    description: 'Contains personal or confidential information (addresses, phone numbers, account details).',
  },
  'harassment-or-hate': { words: 'harassment or hate', description: 'Harassing, abusive, threatening or hateful content about people.' },
  obscene: { words: 'obscene', description: 'Obscene or sexually explicit content.' },
  'unrelated-to-business': {
    words: 'not about the business',
    description: 'About something other than the business, its products or its services.',
  },
  spam: { words: 'spam', description: 'Advertising, links or automated content.' },
} as const;

export const REJECTION_REASON_CODES = Object.keys(REJECTION_REASONS) as (keyof typeof REJECTION_REASONS)[];

export const RejectionReasonSchema = z
  .enum(REJECTION_REASON_CODES as [keyof typeof REJECTION_REASONS, ...(keyof typeof REJECTION_REASONS)[]])
  .meta({ id: 'RejectionReason', description: `Content-neutral reason a review is withheld: ${REJECTION_REASON_CODES.join(', ')}.` });
export type RejectionReason = z.infer<typeof RejectionReasonSchema>;
