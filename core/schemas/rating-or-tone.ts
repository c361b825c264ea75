import type { z } from 'zod';

/**
 * Words that give a review's rating or tone as the ground for withholding it ("1-star", "negative review", "too
 * harsh", "low rating"), which 16 CFR Part 465 forbids. A rejection's note is free text beside a content-neutral code:
 * with "1-star, negative about us" as its note, any code was accepted. `npm run moderate` refuses such a note, where
 * the owner can say it again; the build only warns of a note or an unverified reason already in the content (a
 * word list has false positives, "duplicate of a 5-star review", and must not stop a business's builds). Not a proof
 * of good faith (no word list is), but the plain admission is not recorded unseen.
 */
const RATING_OR_TONE = new RegExp(
  [
    String.raw`\b[1-5](?:\.\d)?[ -]?stars?\b`,
    String.raw`\b(?:one|two|three|four|five)[ -]stars?\b`,
    String.raw`\b[1-5] ?(?:/ ?5|out of (?:5|five))\b`,
    String.raw`\bstar ratings?\b`,
    String.raw`\b(?:low|bad|poor|negative|unfair|harsh|unflattering|critical|mean|angry|rude)\s+(?:reviews?|ratings?|scores?|feedback)\b`,
    String.raw`\btoo\s+(?:negative|harsh|critical)\b`,
    String.raw`\bnegative about (?:us|the (?:company|business|crew))\b`,
  ].join('|'),
  'i',
);

/** The words of `text` that give a rating or a tone as a ground, or null. */
export function ratingOrToneIn(text: string): string | null {
  return RATING_OR_TONE.exec(text)?.[0] ?? null;
}

/** For a schema's superRefine: a free-text ground that names a rating or a tone is refused. */
export function refuseRatingOrTone(text: string, ctx: z.RefinementCtx): void {
  const found = ratingOrToneIn(text);
  if (found) ctx.addIssue({ code: 'custom', message: ratingOrToneMessage(found) });
}

/** The message for a note or reason that gives them. */
export function ratingOrToneMessage(found: string): string {
  return `gives the rating or the tone ("${found}") as a ground: withholding a review for its rating or tone is what 16 CFR Part 465 forbids; say what was checked for the content-neutral reason`;
}
