/**
 * Word sets that decide where clauses start and end, what a clause is about and how far an opinion
 * reaches (score-sentence.ts, score-target.ts, internal/modifiers.ts). Hand-written from English usage.
 */
import { set } from './word-set.ts';

/**
 * Degree words after which an -er/-est word is a comparative of an opinion word ("much slower", "far
 * nicer", "the friendliest").
 */
export const DEGREE = set(`much far way even lot bit little slightly significantly considerably noticeably no any the
  most somewhat`);
/** A concessive that opens the sentence ("Although the crew was friendly, …") makes the next punctuation the contrast. */
export const CONCESSIVE = set(`although though whereas while`);
/** The customer as the subject of a verdict ("…, but I wouldn't hire them again"). Narrower than CUSTOMER (context-words.ts): only subjects. */
export const CUSTOMER_SUBJECTS = set(`i we i'd we'd i'll we'll`);
/** Verbs of the customer's verdict on the company, which keep a contrast clause on the same subject. */
export const VERDICT_VERBS = set(`hire use recommend call trust`);
/** Words that may follow an opinion adjective without making it the start of a noun phrase. */
export const LINKS = set(`and or but to in at for with about as on of by from than though yet overall throughout too
  also again though considering given`);
/** "and"/"so" before a new subject starts a clause: "they came back twice and the skylight still drips". */
export const SUBJECTS = set(`the they it he she we i my our their his her there`);
/** Words that open a clause without naming a new subject: the clause is still about the last one. */
export const CONTINUATION = set(`it its it's is was were are be been has had have doesn't didn't
  don't wasn't isn't aren't weren't can could can't couldn't would wouldn't will won't should tastes taste looks
  seems seemed also still not overall nothing none hardly barely`);
/** Determiners skipped before a target when looking for "than"/"over" ("than the old crew"). */
export const DETERMINERS = set(`the their our my his her its a any this that these those`);
/** What something improves on loses the comparison: "a vast improvement over the old one". */
export const IMPROVEMENT = set(`improvement upgrade step better preferred prefer advantage`);
/** Question words that open a question, not a wish ("When is it supposed to…?"). */
export const WH = set(`when where what which who how`);
/** Before "too", words that make it "also" ("me too", "them too"), not "excessively". */
export const NOT_AFTER_TOO = set(`me as them us it and`);
/** Setbacks the story then overturns ("The adjuster initially denied the claim"). */
export const CONCESSION = set(`initially originally`);
