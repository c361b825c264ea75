import { DAMAGE_WORDS, PROBLEM_WORDS, RESIDUE_WORDS } from '../lexicon/word-classes.ts';
import { isNegator, type ScoredSentence } from '../score-sentence.ts';

/** Longest answer (in words) still read as the answer to the question before it. */
const MAX_ANSWER_WORDS = 8;
const YES = new Set(['yes', 'yep', 'yeah', 'yup', 'absolutely', 'definitely', 'sure', 'always', 'totally', 'certainly', 'every', 'of']);
const RHETORICAL = new Set(['why', 'whatever', 'shouldn\'t', 'isn\'t', 'wasn\'t', 'wouldn\'t', 'doesn\'t', 'don\'t']);
const ABSENCE_IS_GOOD = new Set([...PROBLEM_WORDS, ...RESIDUE_WORDS, ...DAMAGE_WORDS, 'surprise', 'surprises', 'complaints', 'hassle']);
const NO = new Set(['no', 'nope', 'nah', 'never', 'not', 'barely', 'hardly', 'none', 'rarely', 'seldom']);

/**
 * Reviews argue with themselves: "Did they clean up? Not really." "Would I hire them again? In a
 * heartbeat." A question followed by a short answer takes its opinion from the answer: denying a
 * problem is praise ("Leaks? Zero."); an answer with an opinion of its own lends it to the question
 * ("Cleanup? Spotless."); otherwise a "no" negates what the question asks about ("On time? Not even
 * close.") or is a complaint when the question holds no opinion, and a "yes" confirms it (or is
 * praise). The result is stored as the question's `answer` bias, which scoreTarget adds to every
 * target in it (so a "no" bias is the flipped opinion minus the opinion already there).
 */
export function applyAnswers(sentences: readonly ScoredSentence[]): void {
  for (let i = 0; i < sentences.length; i++) {
    const q = sentences[i]!;
    if (q.tokens.at(-1)?.norm !== '?') continue;
    // "Isn't it their job to clean up?", "Why can't anyone call back?": a rhetorical question complains.
    const opener = q.tokens[0]?.norm ?? '';
    if (RHETORICAL.has(opener) || (isNegator(opener) && opener.endsWith("n't"))) {
      const praise = q.valence.reduce((sum, v) => sum + Math.max(0, v), 0);
      q.answer = Math.min(q.answer, -0.8 - praise); // the praise it mentions is what was missing
    }
    const a = sentences[i + 1];
    if (!a) continue;
    const words = a.tokens.filter((t) => t.word);
    if (words.length === 0 || words.length > MAX_ANSWER_WORDS) continue;
    const asked = q.valence.reduce((sum, v) => sum + v, 0);
    const said = a.valence.reduce((sum, v) => sum + v, 0);
    const denies = words.some((t) => NO.has(t.norm) || isNegator(t.norm));
    const firstDenies = NO.has(words[0]!.norm) || isNegator(words[0]!.norm);
    if (denies && q.tokens.some((t) => ABSENCE_IS_GOOD.has(t.norm))) {
      q.answer = 1.2 - asked; // "Nails? Not one.", "Leaks? Zero.", "Does the roof leak? Not a drop."
    } else if (said !== 0 && !(firstDenies && asked !== 0)) {
      q.answer = said * 0.8; // "In a heartbeat.", "Spotless."
    } else if (denies) {
      q.answer = asked !== 0 ? (asked > 0 ? -1.74 * asked : Math.min(-asked, 0.5 - 0.3 * asked) - asked) : -1.2; // "Not really.", "Of course not."
    } else if (YES.has(words[0]!.norm)) q.answer = asked !== 0 ? 0 : 1.2; // "Absolutely."
  }
}
