/**
 * The numbers that steer the sentiment rules, in one versioned table: valences on VADER's −4…+4
 * scale (what a rule sets a word's opinion to), multipliers (shares of an opinion kept or turned),
 * reaches (how many words a rule looks across) and bands (where faint praise ends). Hand-set from
 * general knowledge of review English and VADER's published constants, never fitted to an
 * evaluation set (docs/insights.md, "Lexicons and their format").
 *
 * The learned layers read the rules' output as features, so the weights they were trained with
 * depend on these numbers: a change here changes the feature fingerprint
 * (model/feature-fingerprint.ts) and `loadModel` then refuses the shipped weights until
 * `npm run train` is run. Raise `version` with any change, so a reader of the numbers can tell
 * which table a run used. Rules' word lists live beside this file (context-words.ts,
 * negation-words.ts, clause-words.ts, question-words.ts, word-classes.ts).
 */
export const RULE_WEIGHTS = {
  version: 1,

  /** Aspect terms (read-rules.ts). */
  terms: {
    /** Words a weak term may be away from an opinion word and still count ("did a really great job"). */
    weakReach: 3,
    /** Words before a term in which an OTHER_PARTY_MARKERS word puts it on someone else ("the other roofer's quote"). */
    otherPartyReach: 4,
  },

  /** Scores within ±neutralBand of a target carry no clear opinion (polarity.ts; VADER-scale valence, after weighting). */
  neutralBand: 0.25,

  /** Negation (internal/negation.ts). */
  negation: {
    /** VADER's negation scalar: "not good" is about three quarters as bad as "bad" is bad. */
    scalar: -0.74,
    /** A negator reaches this many words ahead ("didn't do a very good job")… */
    reach: 4,
    /** …or this many after a negated verb of saying or a negative subject ("I can't say the cleanup was great"). */
    wideReach: 8,
    /** A quantifier ("single", "any") carries the negation this many words further on to its noun. */
    quantifierReach: 4,
    /** A negated complaint is faint praise: at most this plus `understatementSlope` × its strength ("not bad"). */
    understatementBase: 0.5,
    understatementSlope: 0.3,
    /** "can't recommend them enough", "cannot thank them enough": top praise. */
    cannotPraiseEnough: 2.6,
    /** "enough" is looked for this many tokens after the negator (not counting the verb right after it). */
    enoughReach: 8,
    /** Added to a comparative after a negated modal ("couldn't have been better"; "couldn't have found a worse crew"). */
    superlative: 0.8,
    /** An absent problem or leftover is praise ("no leaks since", "not a nail left")… */
    absentProblem: 1.5,
    /** …and absent damage milder praise ("without a scratch"). */
    absentDamage: 1.2,
    /** A negated expected action is a complaint at least this strong ("never called back"). */
    missedActionCeiling: -1.0,
    /** An expected action negated with nothing else to read ("didn't return"). */
    missedAction: -1.3,
    /** Negators that complain by themselves ("forgot to", "refused"). */
    selfNegative: -1.2,
    /** A negated plain verb: "the installer didn't seal the vent boots" is a mild complaint. */
    omission: -0.9,
    /** "still hasn't been picked up": a wait that goes on. */
    stillWaiting: -1.0,
    /** How far a negated verb's manner ("on time", "as promised") may stand from it. */
    timelyReach: 10,
  },

  /** Intensifiers, "too", hedges, irony, counterfactuals (internal/modifiers.ts, score-sentence.ts). */
  modifiers: {
    /** VADER's booster increment: "very" adds this to the valence it modifies, a downtoner takes it off. */
    booster: 0.293,
    /** A booster reaches this many words ahead, and one word further away it gives this share. */
    boosterReach: 3,
    boosterFarShare: 0.95,
    /** "too" + a complaint strengthens it this much ("too slow")… */
    tooComplaint: 1.3,
    /** …and "too" + anything else is a complaint of this strength ("too long"). */
    too: -1.2,
    /** Praise at most this strong is faint: "okay", "fine", "decent". */
    faintPraise: 1.0,
    /** Faint praise before a hedge ("fine, I guess") becomes a complaint at least this strong. */
    hedgedComplaint: 0.6,
    /** An irony marker with no praise to turn ("shall we say") is a mild complaint. */
    irony: -0.8,
    /** "could be a little more organized" with nothing to flip; a counterfactual with no praise after it. */
    wish: -0.9,
  },

  /** Target attribution (score-target.ts): how far a sentence's opinions reach a target. */
  attribution: {
    /** Weight falls as 1 / (1 + DECAY × words between the opinion and the target). */
    decay: 0.1,
    /** Per punctuation boundary crossed, when the target's own clause holds an opinion… */
    softOwn: 0.5,
    /** …and when it holds none (the opinion probably sits in a neighbouring clause: "the pizza, cold"). */
    softFallback: 0.9,
    /** Across a contrast ("but", "although"): nothing when the target's clause has its own opinion… */
    hardOwn: 0,
    /** …otherwise a little ("we came for the ribs, but they were dry"). */
    hardFallback: 0.45,
    /** Across a contrast whose clause continues the target's ("is ok but doesn't taste fresh"): the
     *  part after "but" has the last word, as in VADER's but-rule. */
    continuation: 1.5,
    /** …and what came before that "but" keeps this share (VADER's but-rule). */
    beforeBut: 0.5,
    /** The part after such a "but" counts as at most this many words away, however long the part before. */
    butDistance: 3,
    /** Added per exclamation mark (at most `maxExclamations`), in the direction the score already points. */
    exclamation: 0.12,
    maxExclamations: 3,
  },

  /** Questions answered by the next sentence (internal/answered-questions.ts). */
  answers: {
    /** Longest answer (in words) still read as the answer to the question before it. */
    maxAnswerWords: 8,
    /** Opinion words of an open yes/no question keep this share of their valence. */
    openQuestion: 0.4,
    /** A rhetorical question complains this much more than the praise it mentions ("Isn't it their job to clean up?"). */
    rhetorical: -0.8,
    /** "Communication? What communication.": the thing asked about was missing. */
    whatThing: -1.5,
    /** "Leaks? Zero.": a problem denied is praise. */
    deniedProblem: 1.2,
    /** An answer with an opinion of its own lends the question this share of it ("Spotless."). */
    answerShare: 0.8,
    /** A bare "no" to a question with no opinion ("Did they call back? No."). */
    bareNo: -1.2,
    /** A bare "yes" to a question with no opinion ("Absolutely."). */
    bareYes: 1.2,
  },

  /** Small context rules (internal/context-rules.ts). */
  context: {
    /** "$2,000 less than the next bid", "took less than an hour": a saving or a quick job. */
    lessThan: 1.0,
    /** Praise in scare quotes turns into this share of a complaint: the 'fixed' leak. */
    scareQuotes: -0.8,
    /** "the water spot never came back". */
    problemStayedAway: 1.5,
    /** A service verb is a plain report when its praise is at most this… */
    reportMax: 1.0,
    /** …and keeps this share of it unless the clause says how well it was done ("handled the tear-off"). */
    reportShare: 0.2,
    /** A service verb done by the company ("they texted updates")… */
    companyAction: 0.7,
    /** …one that reports a visit ("the crew arrived")… */
    visitAction: 0.2,
    /** …and one in scare quotes ("they 'fixed' it"). */
    quotedAction: -1.0,
    /** "left the old gutters in our backyard". */
    leftAtPlace: -1.0,
    /** "tossed the old shingles onto our flower beds". */
    thrownAtPlace: -1.2,
    /** A score such as "9/10" is praise of this strength at or above `scoreHigh` of the scale, a complaint at or below `scoreLow`. */
    score: 2.0,
    scoreHigh: 0.8,
    scoreLow: 0.5,
    /** "I've had smoother experiences". */
    hadBetter: -1.2,
    /** "what two other roofers missed": finding it is praise. */
    othersMissed: 1.0,
    /** "we like" (a verb of liking, not the preposition). */
    like: 1.5,
    /** "the stain came back". */
    cameBack: -1.8,
    /** Imperatives of advice to other customers: "Try the tasting menu.", "Skip the upgrade.", "Give them a call." */
    imperatives: { try: 1.5, skip: -1.5, avoid: -1.8, hire: 1.5, call: 1.0 },
  },

  /** Problems, damage and leftovers (internal/problem-rules.ts). */
  problems: {
    /** "came back three times to fix the same leak": the same problem, returned. */
    recurring: -1.8,
    /** "that three other roofers couldn't find": others failed, this one found it. */
    othersCouldNotFind: 1.2,
    /** "couldn't find the leak". */
    notFound: -1.5,
    /** "Tomasz found the leak". */
    found: 1.2,
    /** The fix failed: negated ("the leak isn't fixed") or in scare quotes (the leak they "fixed"). */
    fixFailed: -1.8,
    /** "patched it twice and it's still dripping". */
    stillAfterFix: -1.5,
    /** "the leak is gone". */
    fixed: 1.5,
    /** "the stain never came back". */
    neverReturned: 1.2,
    /** "still leaks", or a problem reported after the work. */
    persists: -1.8,
    /** A judging problem word ("the only issue was the mess") is a complaint at least this strong. */
    judgement: -1.2,
    /** "left a hole". */
    leftDamage: -1.0,
    /** "the magnet sweep missed nails", "didn't pick up the nails". */
    notCleaned: -1.2,
    /** "picked up every nail". */
    cleaned: 1.4,
    /** "a mess". */
    mess: -1.5,
    /** "nails in the driveway". */
    residueAtPlace: -1.4,
    /** Other leftovers ("debris") without a cleanup word. */
    residue: -1.0,
  },

  /** Money and time (internal/time-money-rules.ts). */
  timeMoney: {
    /** "cheap materials" (outside a clause about money). */
    cheap: -0.8,
    /** "took three months". */
    tookLong: -1.5,
    /** "only took one day". */
    tookOnly: 1.0,
    /** "called the office four times", "came back three times": chasing and repeated visits. */
    repeated: -1.2,
    /** "left three voicemails". */
    chasing: -1.5,
    /** "an hour early", "a call back within ten minutes". */
    early: 1.2,
    /** "waited three weeks". */
    waited: -1.6,
    /** A delay: things left standing, a job that "turned into three weeks", "didn't hear back for two
     *  weeks", "two hours after the appointment window". */
    delay: -1.2,
    /** A price that "went up by $2,000", or "$2,000 above the estimate". */
    priceRise: -1.2,
    /** "$1,500 under the competition". */
    under: 1.2,
    /** "it's been three weeks". */
    elapsed: -1.0,
    /** "beat the timeline", "beat every other quote". */
    beaten: 1.4,
    /** A bill compared with its quote: more is a complaint, less praise. */
    billVsQuote: 1.5,
  },

  /** Derived word forms (sentiment-lexicon.ts, score-sentence.ts). */
  derivation: {
    /** An -er/-est word is read as a comparative when "than" follows within this many words ("flimsier than"). */
    thanReach: 4,
    /** Shorter words are never read as derived ("only" is not "on"). */
    minLength: 5,
    /** A participle ("helped") needs at least this many letters… */
    minParticipleLength: 6,
    /** …a base at least this strong (weak bases such as "extend" say little as participles)… */
    participleBase: 1.0,
    /** …and keeps this share of its base's valence. */
    participleShare: 0.9,
  },
} as const;
