import { z } from 'zod';

/**
 * How the learned layers' probabilities are made honest (fitted by `npm run train` on writer-held-out
 * predictions): Platt scaling of the category layer's probability (Platt 1999) and temperature scaling
 * of the polarity layer's softmax (Guo et al. 2017). Neither changes which class ranks first.
 */
export const CalibrationSchema = z
  .object({
    mention: z.object({ slope: z.number(), intercept: z.number() }).strict(),
    polarity: z.object({ temperature: z.number().positive() }).strict(),
  })
  .strict();
export type Calibration = z.infer<typeof CalibrationSchema>;

/** No change: the raw probabilities (fold models while the calibration is being fitted). */
export const IDENTITY_CALIBRATION: Calibration = { mention: { slope: 1, intercept: 0 }, polarity: { temperature: 1 } };

/** Probabilities are kept this far from 0 and 1 before taking logarithms. */
const EDGE = 1e-6;

export const logit = (p: number): number => {
  const q = Math.min(1 - EDGE, Math.max(EDGE, p));
  return Math.log(q / (1 - q));
};

/** Platt scaling of a mention probability. */
export function calibrateMention(p: number, c: Calibration): number {
  return 1 / (1 + Math.exp(-(c.mention.slope * logit(p) + c.mention.intercept)));
}

/** Temperature scaling of class probabilities (a new array). */
export function calibratePolarity(p: readonly number[], c: Calibration): number[] {
  const t = c.polarity.temperature;
  const z = p.map((x) => Math.log(Math.max(EDGE, x)) / t);
  const max = Math.max(...z);
  const e = z.map((x) => Math.exp(x - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}
