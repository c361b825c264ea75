import type { Polarity } from '../schemas/insights-schema.ts';

/** Scores within ±NEUTRAL_BAND carry no clear opinion (VADER-scale valence, after weighting). */
export const NEUTRAL_BAND = 0.25;

/** Maps a target score (see score-target.ts) to a polarity. */
export function polarityOf(score: number): Polarity {
  return score > NEUTRAL_BAND ? 'positive' : score < -NEUTRAL_BAND ? 'negative' : 'neutral';
}
