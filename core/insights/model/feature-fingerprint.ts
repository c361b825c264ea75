import { createHash } from 'node:crypto';
import { applyAnswers } from '../internal/answered-questions.ts';
import { scoreSentence } from '../score-sentence.ts';
import { splitSentences } from '../split-sentences.ts';
import { tokenize } from '../tokenize.ts';
import { categoryFeatures, collect, polarityFeatures } from './sentence-features.ts';
import type { StarWords } from './star-words.ts';

/**
 * Probe sentences that touch every kind of feature: words, prefixes, numbers and prices, "?" and "!",
 * negation, contrast, a comparison, an answered question, implicit and explicit targets.
 */
const PROBES = [
  'The crew showed up two hours late, but the cleanup was spotless and the bill came in $400 under the quote!',
  "Did they communicate? Not really. I wouldn't say the warranty paperwork was better than the last roofer's.",
] as const;

/** A star-word table for the probes (the first words of the first probe, scored −2.5 … 2.5), so the star features' definition is part of the fingerprint too. */
const PROBE_STARS: StarWords = new Map(
  tokenize(PROBES[0])
    .filter((t) => t.word)
    .slice(0, 6)
    .map((t, i) => [t.norm, i - 2.5]),
);

let memo: string | undefined;

/**
 * A fingerprint of the feature definitions: the features the two layers would see on fixed probe
 * sentences, hashed. Weights record the fingerprint they were trained with and `loadModel` refuses
 * weights whose fingerprint differs, so a change to tokenizing, rules or features that would silently
 * feed the layers other inputs than they learned on fails at load ("run npm run train") instead.
 */
export function featureFingerprint(): string {
  if (memo) return memo;
  const features = new Map<string, number>();
  const sink = collect(features);
  for (const text of PROBES) {
    const tokens = tokenize(text);
    const scored = splitSentences(text).map((span) => scoreSentence(tokens.filter((t) => t.start >= span.start && t.end <= span.end)));
    applyAnswers(scored);
    for (const s of scored) {
      categoryFeatures(sink, [s], [{ aspect: 'cleanup', strong: true, weak: false, weakNear: false, other: false, mention: true }]);
      const last = s.tokens.length;
      polarityFeatures(sink, { sentence: s, from: 0, to: Math.min(1, last), aspect: 'cleanup', ruleScore: 0.5, sentenceScore: -0.5 }, PROBE_STARS);
      polarityFeatures(sink, { sentence: s, from: null, to: null, aspect: 'price', ruleScore: 1, sentenceScore: 1 });
      // The review's rating, known and unknown (the two calls above).
      polarityFeatures(sink, { sentence: s, from: 0, to: Math.min(1, last), aspect: 'cleanup', ruleScore: -1, sentenceScore: 0 }, null, {
        rating: 1,
      });
      polarityFeatures(sink, { sentence: s, from: null, to: null, aspect: 'price', ruleScore: 0, sentenceScore: 0 }, null, { rating: 4 });
    }
  }
  const lines = [...features].map(([k, v]) => `${k}=${v.toFixed(6)}`).sort();
  memo = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
  return memo;
}
