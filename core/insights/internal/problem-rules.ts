import { CUSTOMER, LEFTOVER_PLACES, MISSED, OTHER_PARTY, RECURRENCE, TIME_UNITS, WORK_NOUNS } from '../lexicon/context-words.ts';
import { RULE_WEIGHTS } from '../lexicon/rule-weights.ts';
import {
  BACKGROUND_WORDS,
  CLEANUP_WORDS,
  DAMAGE_WORDS,
  DESCRIPTIVE_PROBLEMS,
  DIAGNOSIS_WORDS,
  PERSISTENCE_WORDS,
  PLACED_RESIDUE,
  PROBLEM_WORDS,
  REPAIR_OR_CAUSE,
  RESIDUE_WORDS,
  RESOLUTION_WORDS,
} from '../lexicon/word-classes.ts';
import type { ClauseWindow } from './clause-window.ts';

const W = RULE_WEIGHTS.problems;

/** "Three weeks after the install, water was dripping": a problem reported after the work is a relapse. */
export function reportsRelapse(x: ClauseWindow): boolean {
  const { tokens } = x.s;
  return tokens.some(
    (t, i) =>
      ((t.norm === 'after' || t.norm === 'since') && [1, 2, 3].some((d) => WORK_NOUNS.has(tokens[i + d]?.norm ?? ''))) ||
      (t.norm === 'later' && TIME_UNITS.has(tokens[i - 1]?.norm ?? '')),
  );
}

/**
 * The things a roofing review is about, whose sentiment depends on what happened to them:
 * - a problem ("leak", "issue") is praise when found or solved ("Tomasz found the leak", "the leak is
 *   gone"), a complaint when it persists or the fix failed ("still leaks", "couldn't find the
 *   leak", "the leak isn't fixed"), and neutral as the reason for the call ("we had a leak");
 *   "no leaks since" is handled by negation (negation.ts);
 * - damage ("cracked shingles") is background when a repair or a cause is named ("replaced the
 *   cracked shingles", "the hail dented the gutters"), a complaint otherwise ("left a hole");
 * - leftovers ("nails", "debris") are praise after a cleanup word ("picked up every nail"), a
 *   complaint where they were left or missed ("nails in the driveway", "the sweep missed nails").
 * Returns true when the token was one of these.
 */
export function applyProblemRules(x: ClauseWindow, i: number, relapse: boolean): boolean {
  const { s, nearest, near, negatedAt, byCompany } = x;
  const { tokens, valence, immune } = s;
  const w = tokens[i]!.norm;
  const settle = (v: number, fixed = false): true => {
    valence[i] = v;
    if (fixed) immune[i] = true; // already decided: negation must not flip it again
    return true;
  };
  if (PROBLEM_WORDS.has(w)) {
    // "came back three times to fix the same leak", "the leak again": the same problem, returned
    if (near(i, -2, -1, RECURRENCE)) return settle(W.recurring, true);
    const fix = nearest(i, -5, 4, RESOLUTION_WORDS);
    const found = nearest(i, -4, -1, DIAGNOSIS_WORDS);
    if (found >= 0 && negatedAt(found)) return settle(near(found, -4, -1, OTHER_PARTY) ? W.othersCouldNotFind : W.notFound, true); // unless others failed ("that three other roofers couldn't find")
    if (found >= 0 && fix < 0 && byCompany(found)) return settle(W.found);
    if (fix >= 0 && negatedAt(fix)) return settle(W.fixFailed, true);
    if (fix >= 0 && tokens[fix]!.quoted) return settle(W.fixFailed, true); // the leak they "fixed"
    if (fix >= 0 && tokens.some((t, k) => k > fix && (t.norm === 'still' || t.norm === 'again'))) return settle(W.stillAfterFix, true); // "patched it twice and it's still dripping"
    if (fix >= 0) return settle(W.fixed);
    const persists = nearest(i, -3, 8, PERSISTENCE_WORDS);
    if (persists > i && negatedAt(persists)) return settle(W.neverReturned, true); // "the stain never came back"
    if (persists >= 0 || (relapse && DESCRIPTIVE_PROBLEMS.has(w))) return settle(W.persists);
    // "we had a problem with the old roof" is why the customer called; "the new skylight has problems" is a complaint
    if (DESCRIPTIVE_PROBLEMS.has(w) || (near(i, -3, -1, BACKGROUND_WORDS) && near(i, -5, -1, CUSTOMER))) return settle(0);
    return settle(Math.min(valence[i]!, W.judgement));
  }
  if (DAMAGE_WORDS.has(w)) {
    const repair = nearest(i, -6, 6, REPAIR_OR_CAUSE);
    if (repair >= 0 && !negatedAt(repair)) return settle(0);
    const found = nearest(i, -4, -1, DIAGNOSIS_WORDS);
    if (found >= 0 && !negatedAt(found)) return settle(0); // "the foreman noticed rotten decking"
    if (tokens[i - 1]?.norm === 'left' || tokens[i - 2]?.norm === 'left') return settle(Math.min(valence[i]!, W.leftDamage));
    return true;
  }
  if (RESIDUE_WORDS.has(w)) {
    const cleaner = nearest(i, -6, 4, CLEANUP_WORDS);
    if (near(i, -6, -1, MISSED)) return settle(W.notCleaned, true);
    if (cleaner >= 0 && negatedAt(cleaner)) return settle(W.notCleaned, true); // "didn't pick up the nails"
    if (cleaner >= 0) return settle(W.cleaned);
    if (w === 'mess') return settle(W.mess);
    if (PLACED_RESIDUE.has(w)) return settle(near(i, -6, 6, LEFTOVER_PLACES) ? W.residueAtPlace : 0);
    return settle(W.residue);
  }
  return false;
}
