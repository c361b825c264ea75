import { z } from 'zod';

/**
 * How the reader scores one binary target ("a negative opinion of cleanup") on sentences of writers it
 * was not trained on, measured by writer-held-out cross-fitting (`npm run train`): the mean calibrated
 * score of the sentences that carry the target (tpr) and of those that do not (fpr). PACC (Bella et al.
 * 2010) turns a business's summed scores into a corrected count with them; their spread across writers
 * widens the published interval, since a new business's customers write like none of our writers.
 */
export const BinaryRatesSchema = z
  .object({
    tpr: z.number().min(0).max(1),
    fpr: z.number().min(0).max(1),
    /** Standard deviation of each rate for a new writer: the spread between held-out writers and the sampling error. */
    tprSd: z.number().min(0),
    fprSd: z.number().min(0),
    /** Share of training sentences that carry the target (SLD's starting prior). */
    prior: z.number().min(0).max(1),
    /** Training sentences with and without the target. */
    positives: z.int().min(0),
    negatives: z.int().min(0),
  })
  .strict();
export type BinaryRates = z.infer<typeof BinaryRatesSchema>;

/** The two targets quantified per aspect: a positive and a negative opinion of it in a sentence. */
export const AspectRatesSchema = z.object({ positive: BinaryRatesSchema, negative: BinaryRatesSchema }).strict();
export type AspectRates = z.infer<typeof AspectRatesSchema>;
