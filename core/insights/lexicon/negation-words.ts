/**
 * Word sets of the negation rule (internal/negation.ts): what widens, ends or redirects a negator's
 * scope, and which negated verbs are omissions. Hand-written from English usage; the negators
 * themselves are NEGATORS in word-classes.ts.
 */
import { set } from './word-set.ts';

/** Negative subjects whose negation reaches the whole clause ("nobody from the office called back"). */
export const WIDE_NEGATORS = set(`nobody nothing none neither`);
/** Comparatives that a negated modal keeps a complaint ("couldn't have found a worse crew"). */
export const WORSE = set(`worse worst`);
/** A finite "be" ends a narrow scope once it has a word: "the leak that others couldn't find was fixed". */
export const FINITE_BE = set(`was were is are`);
/** Conjunctions that end a negation's scope once it has reached past its verb. */
export const SCOPE_ENDS = set(`and so because until when while since after before`);
/** Verbs of saying and thinking whose negation reaches the whole clause ("I can't say the cleanup was great"). */
export const SAY_THINK = set(`sure say call think believe feel consider describe recall remember find seem`);
/** Negated modals ("couldn't", "can not"): before a comparative they are top praise ("couldn't have been better"). */
export const MODAL_NEGATORS = set(`couldn't couldnt can't cant cannot could can never`);
/** After a negated modal, words that make what follows a superlative ("couldn't be so happy", "couldn't ask for any…"). */
export const SUPERLATIVE_CUES = set(`so such this any`);
/** After a negated expected action, words that end the scope: "weren't told about the extra charges". */
export const ABOUT = set(`about of regarding until`);
/** Words right after a negator that quantify its noun, so it reaches even a phrase with its own negation ("not a single no-show"). */
export const NEGATED_QUANTIFIERS = set(`a an single one`);
/** Negators that are complaints even with nothing after them to negate ("forgot to"). */
export const SELF_NEGATIVE = set(`failed fail forgot neglected refused`);
/** The manner of a negated verb that is negated with it ("didn't submit the paperwork on time", "as promised"). */
export const TIMELY = set(`on as when right ahead`);
/** Negators of a verb: a negated plain verb after them is an omission ("never received the written estimate"). */
export const VERBAL_NEGATORS = set(`didn't didnt don't dont doesn't doesnt never won't wont wouldn't wouldnt haven't
  havent hasn't hasnt hadn't hadnt not nobody no isn't isnt wasn't wasnt aren't arent weren't werent`);
/** Negated "be": an omission only before a participle ("wasn't sealed"), not before a noun ("was not a roofer"). */
export const BE_NEGATORS = set(`isn't isnt wasn't wasnt aren't arent weren't werent`);
/** Forms of "be" before "not" that make it a negated "be" ("it was not finished"). */
export const BE_FORMS = set(`is was are were be been it's its`);
/**
 * Verbs (and fillers) whose negation is no omission: needing, knowing, wanting ("we didn't need a new
 * roof"), costs and pressure, whose absence is good news ("didn't charge us"), and words that are no verb.
 */
export const NOT_OMISSIONS = set(`need needed needs know knew expect expected mind minded want wanted realize realized
  matter matters charge charged cost costs pressure pressured push pushed ask asked require required demand demanded have has had be been being go went
  see saw seem seemed look looked take took think thought hear heard mean meant remember like even ever really always
  just only again more much many any anything anyone a an the to too so that this it as at all one single`);
/** Adverbs and fillers skipped between a negator and its verb ("didn't even bother to call"). */
export const OMISSION_FILLERS = set(`really even ever actually once bother bothered to properly fully`);
/** After "can't"/"cannot", verbs of praise that "enough" makes top praise ("can't recommend them enough"). */
export const PRAISE_VERBS = set(`recommend say thank praise`);
