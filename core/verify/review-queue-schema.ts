import { z } from 'zod';
import { CalendarDateSchema } from '../schemas/primitives.ts';

export const QueueCandidateSchema = z
  .object({
    jobId: z.string(),
    customer: z.string(),
    town: z.string().optional(),
    completedOn: CalendarDateSchema,
    technicians: z.array(z.string()),
    services: z.array(z.string()),
    score: z.number(),
    why: z.array(z.string()),
  })
  .strict();

export const QueueItemSchema = z
  .object({
    reviewId: z.string(),
    author: z.string(),
    date: CalendarDateSchema,
    rating: z.int(),
    text: z.string(),
    where: z.string().optional(),
    decision: z
      .string()
      .min(1)
      .nullable()
      .meta({ description: 'The owner\'s answer: the id of the reviewer\'s job, "none" when no job is theirs, or null while undecided.' }),
    candidates: z.array(QueueCandidateSchema),
  })
  .strict();
export type QueueItem = z.infer<typeof QueueItemSchema>;

/** The review queue: reviews the matcher could not tie to exactly one job, for the owner to decide. */
export const ReviewQueueSchema = z.object({ about: z.string(), reviews: z.array(QueueItemSchema) }).strict();
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;

export const QUEUE_ABOUT =
  'Reviews `npm run verify` could not match to exactly one job. For each, set "decision" to the id of the ' +
  'reviewer\'s job, or to "none" when none of the candidates (or no job) is theirs, then run `npm run verify` ' +
  'again. A decided job verifies the review; "none" leaves it unverified (never rejected). The five best candidates are ' +
  'listed best first, with the reasons for their score. This file holds customer names: keep it private.';

/**
 * The queue as the owner reads it: one review per block, each candidate job on one line, so a queue of
 * thousands of reviews stays a file one can scroll and diff. Parses back with JSON.parse.
 */
export function formatReviewQueue(queue: ReviewQueue): string {
  const item = (q: QueueItem) => {
    const { candidates, ...head } = q;
    const fields = Object.entries(head).map(([k, v]) => `      ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
    const list = candidates.length === 0 ? '[]' : `[\n${candidates.map((c) => `        ${JSON.stringify(c)}`).join(',\n')}\n      ]`;
    return `    {\n${[...fields, `      "candidates": ${list}`].join(',\n')}\n    }`;
  };
  const reviews = queue.reviews.length === 0 ? '[]' : `[\n${queue.reviews.map(item).join(',\n')}\n  ]`;
  return `{\n  "about": ${JSON.stringify(queue.about)},\n  "reviews": ${reviews}\n}\n`;
}
