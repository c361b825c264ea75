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

/**
 * What the quantifier knows per aspect: how the reader scores "an opinion on the aspect" (a positive or
 * negative one: corrects the number of opinions) and, among opinions, how much of the mass it reads as
 * negative on negative and on positive opinions (corrects the negative share; see ratio-pacc.ts).
 */
export const AspectRatesSchema = z.object({ opinion: BinaryRatesSchema, polarity: BinaryRatesSchema }).strict();
export type AspectRates = z.infer<typeof AspectRatesSchema>;
