import {
  ABSENCE_IS_GOOD,
  ASKED_AROUND,
  DOUBT,
  INCREDULOUS,
  NO,
  RHETORICAL,
  RHETORICAL_FRAMES,
  YES,
  YES_NO_OPENERS,
} from '../lexicon/question-words.ts';
import { RULE_WEIGHTS } from '../lexicon/rule-weights.ts';
import { isNegator, type ScoredSentence } from '../scored-sentence.ts';
import { negationShift } from './negation.ts';

const W = RULE_WEIGHTS.answers;

/** "Does anyone in that office talk to each other?", "Is anybody there answering the phone?" (not "Does anyone know…?"). */
function askedAround(w: string[]): boolean {
  return (w[1] === 'anyone' || w[1] === 'anybody') && ASKED_AROUND.has(w[2] ?? '');
}

function rhetoricalPhrase(q: ScoredSentence): boolean {
  const w = q.tokens.filter((t) => t.word).map((t) => t.norm);
  if (w.at(-1) === 'seriously' || (w.at(-1) === 'really' && w.length > 1)) return true; // "…a two-day job, seriously?"
  return RHETORICAL_FRAMES.some((f) => w.length >= f.length && w.some((_, k) => f.every((x, j) => w[k + j] === x) && (k === 0 || f[0] !== 'what')));
}

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
    const reply = sentences[i + 1]?.tokens.filter((t) => t.word) ?? [];
    const incredulous = reply.length === 1 && INCREDULOUS.has(reply[0]!.norm); // "Four months for a roof? Really?"
    const asking = q.tokens.filter((t) => t.word);
    // "What warranty?": asking what a thing is that should have been there
    const denied = asking.length === 2 && asking[0]!.norm === 'what';
    // "Is anybody in the office actually reading emails?", "Does anyone there even answer the phone?"
    const doubting = YES_NO_OPENERS.has(opener) && (asking.some((t) => DOUBT.has(t.norm)) || askedAround(asking.map((t) => t.norm)));
    const rhetorical =
      RHETORICAL.has(opener) || (isNegator(opener) && opener.endsWith("n't")) || rhetoricalPhrase(q) || incredulous || denied || doubting;
    if (rhetorical) {
      const praise = q.valence.reduce((sum, v) => sum + Math.max(0, v), 0);
      q.answer = Math.min(q.answer, W.rhetorical - praise); // the praise it mentions is what was missing
    }
    const a = sentences[i + 1];
    const words = a ? a.tokens.filter((t) => t.word) : [];
    if (!a || words.length === 0 || words.length > W.maxAnswerWords) {
      // "Does the warranty cover gutters too?", "Can anyone tell me if a free estimate is normal?": an
      // open yes/no question asks rather than judges, so its opinion words count for little.
      if (!rhetorical && YES_NO_OPENERS.has(opener)) for (let k = 0; k < q.valence.length; k++) q.valence[k]! *= W.openQuestion;
      continue;
    }
    if (words[0]!.norm === 'what' && words.length <= 3 && words.slice(1).some((w) => q.tokens.some((t) => t.norm === w.norm))) {
      q.answer = W.whatThing - q.valence.reduce((sum, v) => sum + v, 0); // "Communication? What communication."
      continue;
    }
    const asked = q.valence.reduce((sum, v) => sum + v, 0);
    const said = a.valence.reduce((sum, v) => sum + v, 0);
    // A denial word inside a phrase with its own opinion ("Without a doubt.", "No complaints.") is
    // not a "no": the phrase is the answer.
    const denial = (k: number): boolean => a.role[k] !== 'part' && !a.phrase[k] && (NO.has(a.tokens[k]!.norm) || isNegator(a.tokens[k]!.norm));
    const denies = a.tokens.some((t, k) => t.word && denial(k));
    if (denies && q.tokens.some((t) => ABSENCE_IS_GOOD.has(t.norm))) {
      q.answer = W.deniedProblem - asked; // "Nails? Not one.", "Leaks? Zero.", "Does the roof leak? Not a drop."
    } else if (said !== 0 && asked !== 0 && Math.sign(said) !== Math.sign(asked)) {
      q.answer = said * W.answerShare - asked; // the answer overrules the question: "On time? Not even close."
    } else if (said !== 0) {
      q.answer = said * W.answerShare; // "In a heartbeat.", "Spotless.", "Without a doubt."
    } else if (denies) {
      q.answer = asked !== 0 ? negationShift(asked) : W.bareNo; // "Not really.", "Of course not."
    } else if (YES.has(words[0]!.norm)) q.answer = asked !== 0 ? 0 : W.bareYes; // "Absolutely."
  }
}
