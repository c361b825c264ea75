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
