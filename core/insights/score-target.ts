import { DETERMINERS, IMPROVEMENT } from './lexicon/clause-words.ts';
import { RULE_WEIGHTS } from './lexicon/rule-weights.ts';
import type { ScoredSentence } from './scored-sentence.ts';

/** Tunable weights of target attribution (lexicon/rule-weights.ts), so docs/insights.md can cite them. */
export const ATTRIBUTION = RULE_WEIGHTS.attribution;

/**
 * Sentiment of one target (tokens `[from, to)`) in a scored sentence: the valences of the
 * sentence weighted by their distance to the target and by the clause boundaries between them.
 * Opinions in the target's own clause dominate; a contrast marker shields the target from the
 * opinions on its other side. Positive means praise; around zero means no opinion on the target.
 */
export function scoreTarget(s: ScoredSentence, from: number, to: number): number {
  const { valence, clause, afterContrast, continues, tokens } = s;
  const own = new Set<number>();
  for (let k = from; k < to; k++) own.add(clause[k]!);
  let ownHasOpinion = false;
  const opinionated: boolean[] = []; // clause index → holds an opinion
  for (let k = 0; k < tokens.length; k++) {
    if (valence[k] === 0) continue;
    opinionated[clause[k]!] = true;
    if (own.has(clause[k]!)) ownHasOpinion = true;
  }
  const lo = Math.min(...own);
  const hi = Math.max(...own);
  // The first contrast clause after the target's with only opinion-free clauses ("I guess") between.
  let next = hi + 1;
  while (next < afterContrast.length && !afterContrast[next] && !opinionated[next]) next++;
  // VADER's but-rule: when a continuing contrast clause holds an opinion ("fine, but nothing to rave
  // about"), what came before the "but" counts for less.
  const butRule = next < afterContrast.length && afterContrast[next] && continues[next] && opinionated[next] === true;
  let score = 0;
  for (let k = 0; k < tokens.length; k++) {
    const v = valence[k]!;
    if (v === 0) continue;
    const c = clause[k]!;
    let d = k < from ? from - k : k >= to ? k - to + 1 : 0;
    if (c === next && butRule) d = Math.min(d, ATTRIBUTION.butDistance); // the part after "but" is about the subject however long the part before
    let w = 1 / (1 + ATTRIBUTION.decay * d);
    if (butRule && c <= hi && (k < from || k >= to)) w *= ATTRIBUTION.beforeBut; // not the target's own word
    if (c < lo || c > hi) {
      const [a, b] = c < lo ? [c, lo] : [hi, c];
      for (let j = a + 1; j <= b; j++) {
        if (afterContrast[j] && continues[j] && c > hi && j === next) w *= ATTRIBUTION.continuation;
        else if (c >= next && j < next)
          continue; // an opinion-free aside on the way ("fine, I guess, but…")
        else if (continues[j] && c > hi && j === hi + 1)
          continue; // "okay, nothing special": same subject
        else if (afterContrast[j]) w *= ownHasOpinion ? ATTRIBUTION.hardOwn : ATTRIBUTION.hardFallback;
        else w *= ownHasOpinion ? ATTRIBUTION.softOwn : ATTRIBUTION.softFallback;
      }
    }
    score += w * v;
  }
  if (afterThan(s, from)) score = -score; // "better than their cleanup": the cleanup loses the comparison
  score += s.answer;
  if (score !== 0) score += Math.sign(score) * ATTRIBUTION.exclamation * Math.min(ATTRIBUTION.maxExclamations, s.exclamations);
  return score;
}

function afterThan(s: ScoredSentence, from: number): boolean {
  let k = from - 1;
  // skip the target's determiner and one plain modifier: "than the old crew", "over the old shingles"
  if (s.tokens[k]?.word && s.valence[k] === 0 && !DETERMINERS.has(s.tokens[k]!.norm) && DETERMINERS.has(s.tokens[k - 1]?.norm ?? '')) k--;
  if (DETERMINERS.has(s.tokens[k]?.norm ?? '')) k--;
  if (s.tokens[k]?.norm === 'than') return true;
  // "a vast improvement over the old one": what something improves on loses the comparison
  return s.tokens[k]?.norm === 'over' && [1, 2, 3].some((d) => IMPROVEMENT.has(s.tokens[k - d]?.norm ?? ''));
}
