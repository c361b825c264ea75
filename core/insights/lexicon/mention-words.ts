/**
 * Word sets of the mention finder (extract-mentions.ts): who a named person is not, which capitalised
 * words are no names, and what says a service was not done. Hand-written.
 */
import { set } from './word-set.ts';

/** People a customer names who are not the roofer's staff: "my husband Jim", "our adjuster Dave". */
export const NOT_STAFF = set(`husband wife son daughter dad father mom mother brother sister neighbor neighbour
  friend boss uncle aunt cousin grandson granddaughter kid kids landlord tenant realtor agent adjuster inspector
  nephew niece partner fiance fiancé fiancee roommate grandpa grandma grandfather grandmother dog cat pastor`);
/** Capitalised words that are one letter from a roster name but are not people ("March" ≈ "Marco"). */
export const NOT_NAMES = set(`january february march april june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday davis`);
/** Words before a service keyword that say the service was not done ("avoided a full replacement"). */
export const NOT_DONE = set(`instead rather avoid avoided`);
