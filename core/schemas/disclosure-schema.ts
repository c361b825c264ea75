import { z } from 'zod';

/** Connections a reviewer must disclose (16 CFR 465.6: insider reviews). */
export const RELATIONSHIPS = ['employee', 'relative', 'agent', 'officer'] as const;

/**
 * Optional disclosure fields of a review, in content and as published (with the review on the page,
 * in both feeds and in the JSON). The rule forbids incentives conditioned on the review's sentiment,
 * so there is deliberately no field that could say "for a positive review".
 */
export const DisclosureShape = {
  incentive: z.string().trim().min(1).max(300).optional().meta({
    description: 'What the reviewer was offered for writing a review (e.g. "a $25 gift card offered to every customer asked for a review").',
  }),
  relationship: z
    .enum(RELATIONSHIPS)
    .optional()
    .meta({ description: "The reviewer's connection to the business, when there is one: employee, relative, agent or officer." }),
};
