/**
 * Word sets of answered and rhetorical questions (internal/answered-questions.ts): "Did they clean
 * up? Not really.", "Isn't it their job to clean up?". Hand-written from English usage.
 */
import { set } from './word-set.ts';
import { DAMAGE_WORDS, PROBLEM_WORDS, RESIDUE_WORDS } from './word-classes.ts';

/** First words of an answer that confirm the question ("Absolutely.", "Every time.", "Of course."). */
export const YES = set(`yes yep yeah yup absolutely definitely sure always totally certainly every of`);
/**
 * Words of an answer that deny the question ("Nope.", "Barely."). Wider than NEGATORS_PLAIN
 * (context-words.ts), which only cancels "left"; negators (word-classes.ts NEGATORS) deny too.
 */
export const NO = set(`no nope nah never not barely hardly none rarely seldom`);
/** Question openers that make the question rhetorical: "Why can't anyone call back?", "Isn't it their job…?". */
export const RHETORICAL = set(`why whatever shouldn't isn't wasn't wouldn't doesn't don't`);
/** Things whose absence is praise when the answer denies them ("Leaks? Zero.", "Surprises? None."). */
export const ABSENCE_IS_GOOD: ReadonlySet<string> = new Set([
  ...PROBLEM_WORDS,
  ...RESIDUE_WORDS,
  ...DAMAGE_WORDS,
  ...set(`surprise surprises complaints hassle`),
]);
/** Openers of a yes/no question ("Does the warranty cover gutters too?"). */
export const YES_NO_OPENERS = set(`is are was were do does did can could will would should has have had any anyone
  anybody may might`);
/** Question frames that complain whatever their words: "What good is a warranty if…?", "Would it kill them to…?" */
export const RHETORICAL_FRAMES: readonly (readonly string[])[] = [
  'what good is',
  'what good are',
  'is it too much',
  'would it kill',
  'how hard',
  'how difficult',
  'how many times',
  'who leaves',
  'who does that',
  'why bother',
  'can you believe',
  'what kind of',
  'how is that',
  'how could they',
  'how can they',
  'who lets',
  'heard of',
  'ever heard',
  'like that',
  'that kind of',
].map((frame) => frame.split(' '));
/** A one-word reply of disbelief: "Four months for a roof? Really?" */
export const INCREDULOUS = set(`really seriously`);
/** Words of doubt in a yes/no question: "Does anyone there even answer the phone?" */
export const DOUBT = set(`actually even ever`);
/** After "anyone"/"anybody", places that make the question a complaint about the office ("Is anybody in the office…?"). */
export const ASKED_AROUND = set(`in at there over`);
