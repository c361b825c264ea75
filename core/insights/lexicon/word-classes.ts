/**
 * Closed word classes that change how the words around them are read. Written by hand; they
 * describe English and service-review usage, not any evaluation set.
 */
import { RULE_WEIGHTS } from './rule-weights.ts';
import { set } from './word-set.ts';

/** Words that negate what follows (also any token ending in "n't"). */
export const NEGATORS = set(`not no never none nothing nobody nowhere neither nor without cannot hardly barely zero
  scarcely dont didnt doesnt wasnt werent isnt arent cant couldnt wouldnt wont shouldnt havent hasnt hadnt aint`);

/** Intensifiers and their strength added to the valence they modify (VADER's booster, RULE_WEIGHTS.modifiers.booster, unless given). */
export const BOOSTERS: ReadonlyMap<string, number> = new Map([
  ...[
    ...set(`very really so extremely super incredibly absolutely totally completely truly highly especially
    exceptionally remarkably thoroughly utterly definitely certainly seriously insanely ridiculously most quite
    genuinely amazingly unbelievably particularly immensely hugely deeply damn beyond clearly obviously
    honestly frankly literally surprisingly`),
  ].map((w) => [w, RULE_WEIGHTS.modifiers.booster] as const),
  ['pretty', 0.15],
  ['more', 0.2],
  ['even', 0.15],
  ['all', 0.1],
  ...[...set(`slightly somewhat marginally mildly kinda sorta fairly relatively reasonably minor`)].map(
    (w) => [w, -RULE_WEIGHTS.modifiers.booster] as const,
  ),
]);

/** Contrast markers: a hard clause boundary — opinion on one side rarely carries to the other. */
export const CONTRAST = set(`but however although though whereas except unfortunately sadly nevertheless otherwise
  yet besides`);

/** Nouns naming the problem the customer had; praise when solved or absent, complaint when it persists. */
export const PROBLEM_WORDS = set(`leak leaks leaking leaked leaky drip drips dripping stain stains mold rot buckets
  puddle puddles water moisture wet damp problem problems issue issues fog fogs fogging condensation dam dams`);

/**
 * Problem words that only describe (a leak is why the customer called) and carry no opinion until
 * the context says the problem was solved or persists. The others ("problem", "issue") are
 * judgements even on their own ("the only issue was the mess").
 */
export const DESCRIPTIVE_PROBLEMS = set(`leak leaks leaking leaked leaky drip drips dripping stain stains mold rot
  buckets puddle puddles water moisture wet damp fog fogs fogging condensation dam dams`);

/** Damage descriptions: the reason for a repair, not a judgement, when a repair or the weather is named. */
export const DAMAGE_WORDS = set(`damaged damage dented cracked broken missing rotten rotted rotting bruised loose worn
  curling lifting torn blown sagging buckled warped rusted rusty peeling deteriorated shattered smashed punctured beat
  destroyed gap gaps hole holes dent dents scratch scratches crack cracks bent`);

/** Repair verbs and causes that make damage words background ("replaced the cracked shingles", "hail dented"). */
export const REPAIR_OR_CAUSE = set(`replaced replace replacing fixed fix repaired repair resealed reflashed patched
  swapped rebuilt secured reattached tore removed sealed tarp tarped tarps hail hailstorm storm wind winds tree branch
  ice snow age years old after coming source caused causing`);

/** Things a crew can leave behind; praise when removed or absent ("not a single nail"). */
export const RESIDUE_WORDS = set(`nail nails debris trash garbage litter scrap scraps mess wrappers pieces bits chunks
  shards`);

/** Residue that is only a complaint where it was left ("nails in the driveway", "shingle pieces in the yard"). */
export const PLACED_RESIDUE = set(`nail nails pieces bits chunks shards`);

/** Verbs and tools of cleaning up, which turn residue into praise ("picked up every nail"). */
export const CLEANUP_WORDS = set(`picked pick cleaned clean swept sweep sweeping removed remove hauled haul magnet
  magnets magnetic collected raked gathered vacuumed tidied cleared disposed tarps tarped`);

/** Words that report a problem as solved ("fixed the leak", "the leak is gone"). */
export const RESOLUTION_WORDS = set(`fixed fix fixes fixing repaired repair repairs resolved resolve solved solve
  stopped stop sealed patched addressed traced diagnosed gone eliminated corrected handled`);

/** Words that report a problem as ongoing ("still leaks", "a new leak", "started again"). */
export const PERSISTENCE_WORDS = set(`still again another new continues continued continuing worse keeps
  came recurring reappeared returned back same now already`);

/** Words that introduce a problem as the reason for the visit ("we had a leak"). */
export const BACKGROUND_WORDS = set(`had have has having noticed discovered reported called for about due because
  after from`);

/** Actions a customer expects; saying they did not happen is a complaint ("never called"). */
export const EXPECTED_ACTIONS = set(`call called calls calling return returned show showed shown finish finished
  complete completed respond responded reply replied answer answered hear heard explain explained follow followed
  honor honored arrive arrived communicate communicated contact contacted notify notified apologize apologized
  listen listened inform informed update updated send sent come came deliver delivered communication response
  update updates explanation apology notice callback reply answer help cleanup followup bother bothered tell told
  fix fixed repair repaired submit submitted file filed spoke talked`);

/** Verbs of finding the problem: success when the company does it, failure when negated ("couldn't find the leak"). */
export const DIAGNOSIS_WORDS = set(`find found locate located spot spotted trace traced diagnose diagnosed pinpoint pinpointed
  noticed caught identified discovered
  track tracked`);

/** Words that make the sentence about money, where "high" hurts and "low" pleases. */
export const PRICE_WORDS = set(`price prices pricing priced cost costs quote quotes quoted estimate estimates bid
  bids bill billed invoice charge charges charged fee fees rate rates deductible budget money dollars payment pay
  paid paying afford spend spent cheaper cheapest pricier`);

/** Valence of words whose sign depends on being about money ("high quality" vs "a high quote"). */
export const PRICE_SENSITIVE: ReadonlyMap<string, number> = new Map([
  ['high', -1.2],
  ['higher', -1.0],
  ['highest', -1.2],
  ['steep', -1.5],
  ['inflated', -1.5],
  ['low', 1.0],
  ['lower', 1.0],
  ['lowest', 1.2],
  ['cheaper', 1.0],
  ['cheapest', 1.0],
  ['cheap', 0.8],
  ['more', -0.6],
  ['less', 0.6],
  ['down', 0.8],
  ['doubled', -1.2],
  ['tripled', -1.5],
  ['increased', -0.8],
  ['ballooned', -1.5],
  ['jumped', -1.0],
  ['skyrocketed', -1.8],
  ['dropped', 0.8],
  ['decreased', 0.8],
]);

/** Comparatives that a negated modal turns into top praise ("couldn't have been better"). */
export const COMPARATIVES = set(`better happier more nicer smoother easier faster cleaner tidier neater quicker`);

/** Markers of a wish or unmet expectation: praise after them reports its absence. */
export const COUNTERFACTUAL_PHRASES = [
  'would have been',
  "would've been",
  'should have',
  "should've",
  'could have been',
  "could've been",
  'wish they had',
  'wish they would',
  'wished they had',
  'wish someone',
  'supposed to',
  'if only',
  'was hoping',
  'were hoping',
  'would have liked',
  "would've liked",
  "i'd have liked",
  'expected',
  'expect',
  'could be better',
  'could use',
  'could have done',
  "could've done",
  'should have been',
  'would have preferred',
  "would've preferred",
  'would have appreciated',
  "would've appreciated",
  "i'd have appreciated",
  'had hoped',
  "i'd hoped",
  'hoped for',
  'would have given',
  "would've given",
  'if they had',
  "if they'd",
  'if only they',
  'i wish',
  'we wish',
  'only wish',
] as const;
/** First words of the counterfactual phrases, and "could" ("could be a little more organized"): a sentence with none skips the counterfactual rule. */
export const COUNTERFACTUAL_STARTS: ReadonlySet<string> = new Set([...COUNTERFACTUAL_PHRASES.map((p) => p.split(' ')[0]!), 'could']);

/** Words before a counterfactual marker that cancel it: "as expected", "better than expected". */
export const COUNTERFACTUAL_EXCEPTIONS = new Set([
  'as',
  'than',
  'what',
  'exceeded',
  'beyond',
  'never',
  'not',
  "didn't",
  'didnt',
  'nobody',
  'else',
  'one',
]);

/** Who does an expected action decides its sign: the company ("they texted updates") or the customer ("I called"). */
export const COMPANY_SUBJECTS = set(`they he she crew office team staff someone manager foreman lead technician tech
  roofer roofers guys company who`);
