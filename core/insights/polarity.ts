import type { Polarity } from '../schemas/insights-schema.ts';
import { RULE_WEIGHTS } from './lexicon/rule-weights.ts';

/** Scores within ±NEUTRAL_BAND carry no clear opinion (VADER-scale valence, after weighting). */
export const NEUTRAL_BAND = RULE_WEIGHTS.neutralBand;

/** Maps a target score (see score-target.ts) to a polarity. */
export function polarityOf(score: number): Polarity {
  return score > NEUTRAL_BAND ? 'positive' : score < -NEUTRAL_BAND ? 'negative' : 'neutral';
}
