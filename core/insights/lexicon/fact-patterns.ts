/**
 * Word patterns of the FAQ's plain facts (find-warranty-terms.ts, find-durations.ts): how customers state a
 * warranty's length and kind, and how long the job took. Regular expressions, not word sets, because
 * they match runs of words in the raw sentence ("twenty-five year", "start to finish"). Hand-written
 * from English usage and roofing terms.
 */

/** Number words a warranty length is written with ("ten-year", "twenty-five year"), and their value. */
export const WARRANTY_NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  five: 5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
};
/** A sentence names a warranty or guarantee. */
export const WARRANTY_WORDS = /\b(warrant(y|ies|ied)|guarantee[ds]?)\b/i;
/** A warranty length: a number of years ("10-year", "fifteen yr") or "lifetime". */
export const WARRANTY_LENGTH =
  /\b(\d{1,2}|one|two|three|five|ten|fifteen|twenty|twenty-five|thirty|forty|fifty)[- ](?:year|yr)s?\b|\b(lifetime|life-time)\b/i;
/**
 * A kind word that names the warranty itself: right before it ("shingle warranty", "GAF's warranty") or right after
 * "warranty on" / "warranty covering" ("warranty on labor", "guarantee covering the materials"). A kind word
 * elsewhere in the sentence says nothing of the terms ("they replaced two shingles under warranty", "a year after
 * installation the warranty covered a leak", "great installation, great warranty").
 */
function namesWarranty(kind: string): RegExp {
  const warranty = String.raw`(?:warrant(?:y|ies)|guarantee[ds]?)`;
  return new RegExp(
    String.raw`\b(?:${kind})(?:['’]s)?\s+${warranty}\b|\b${warranty}\s+(?:on|covering)\s+(?:(?:the|all|their|its|our)\s+)?(?:${kind})\b`,
    'i',
  );
}
/** The kind of a warranty, by the words that name it: the first that matches wins. */
export const WARRANTY_KINDS: readonly [RegExp, string][] = [
  [namesWarranty(String.raw`workmanship|labou?r|installation`), 'workmanship'],
  [namesWarranty(String.raw`manufacturer'?s?|materials?|shingles?|gaf|owens corning|certainteed`), 'manufacturer'],
];

/** Number words and digits a job length is written with ("a single day", "two weeks"), and their value. */
export const DURATION_NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
};
/** A job length: a number of days or weeks. */
export const DURATION = /\b(a single|a|one|two|three|four|five|six|seven|[1-7])[ -](day|days|week|weeks)\b/gi;
/** The sentence must be about doing the work… */
export const JOB_WORDS = /\b(done|finished|finish|completed|complete|took|tore|tear|replaced|installed|install|job|roof|start to finish)\b/i;
/**
 * …and not about waiting for it, a later visit or when it happened, nor about an answer to a message ("took two weeks to
 * get a reply to my email"), a date moved ("moved us up a day") or a length compared with another ("a little longer
 * than the one day they estimated": the length said is not the one it took).
 */
export const NOT_DURATION =
  /\b(wait|waited|waiting|later|ago|after|before|until|schedul\w*|booked|out for|every|warranty|per|notice|since|repl(y|ies|ied)|respon(se|ses|d|ded)|e-?mails?|call(ed)? (me |us )?back|hear back|moved|pushed|than|estimat\w*)\b/i;
