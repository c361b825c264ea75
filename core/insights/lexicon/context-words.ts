/**
 * Small word sets used by the context rules (internal/*-rules.ts). Hand-written from roofing and
 * service-review usage; each set names the role its words play in a rule.
 */
import { set } from './word-set.ts';

/** Where leftover nails and debris are a complaint rather than a description of materials. */
export const LEFTOVER_PLACES = set(`driveway yard backyard lawn grass everywhere left beds garage street tire tires flat
  behind patio deck kids dog stepped mulch garden sidewalk porch gutters shoe shoes foot feet paw`);
/** Verbs of service the company owes; done by the company they are mild praise. */
export const COMPANY_ACTIONS = set(`called texted emailed returned responded replied answered followed arrived communicated
  contacted notified informed updated sent delivered listened checked finished completed showed fixed repaired resolved
  solved`);
/** The customer's own side of a sentence ("I called", "we waited"). */
export const CUSTOMER = set(`i we me us my our i'd we'd i've we've i'm we're you`);
/** After these, a problem is a relapse: "after the install", "since they left". */
export const WORK_NOUNS = set(`install installation job repair repairs replacement work they their roofers crew reroof new`);
/** Nouns of chasing the company: "left three voicemails". */
export const CHASING_NOUNS = set(`voicemails messages calls emails texts reminders`);
/** Verbs of chasing, before "N times": "called the office four times". */
export const CUSTOMER_CHASING = set(`called call calling emailed texted asked messages voicemails reminded`);
/** Counts large enough to be a complaint when they count chasing ("four times"). */
export const NUMBER_WORDS = set(`three four five six seven eight nine ten several multiple many countless numerous dozen
  3 4 5 6 7 8 9 10`);
/** Another contractor, whose misses make this one look good: "what two other roofers missed". */
export const OTHER_PARTY = set(`other last previous prior another first`);
/**
 * Before an aspect term, words that put it on another party ("the other roofers were rude", "the previous
 * crew's mess"). Narrower than OTHER_PARTY: "last" stays out, since "the last day" is this job's.
 */
export const OTHER_PARTY_MARKERS = set(`other another previous prior former first old handyman`);
/** Nouns naming a party, which "other", "another"… two words before put on someone else ("another company that charged…"). */
export const PARTY_NOUNS = set(`roofer roofers company companies contractor contractors crew crews guys handyman bid bids quote quotes
  estimate estimates outfit installer installers`);
/** Words that leave leftovers behind: "the magnet sweep missed a lot of nails". */
export const MISSED = set(`missed forgot skipped overlooked`);
/** Negators that, before "left", mean nothing was left ("not a nail left"). */
export const NEGATORS_PLAIN = set(`not no never zero without`);
/** Durations: "took three months" (long), "within ten minutes" (short), "waited three weeks". */
export const TAKE = set(`took take takes taking`);
export const SHORT_UNITS = set(`minutes minute hour hours day 24`);
export const TIME_UNITS = set(`hour hours day days week weeks month months forever ages`);
export const LONG_UNITS = set(`week weeks month months forever ages`);
/** Things left standing: "the dumpster sat in our driveway for ten days", "tarps stayed up for weeks". */
export const LINGERING = set(`sat sitting stayed remained lingered left`);
/** "late" that is a date, a meal or a person, not a delay: "in late April", "my late husband". */
export const LATE_NOT_DELAY = set(`january february march april may june july august september october november
  december spring summer fall autumn winter morning afternoon evening night husband wife father mother dad mom dinner
  lunch breakfast brunch meal`);
/** Before "like", a subject that makes it a verb of liking ("we like") rather than a preposition. */
export const LIKE_SUBJECTS = set(`i we they you really also definitely totally`);
/** Around two dollar amounts: the first a quote, the second a bill. */
export const QUOTE_WORDS = set(`quoted quote estimate estimated bid promised`);
/** Billing words before the second amount of a quote/bill comparison. */
export const BILL_WORDS = set(`charged billed invoice bill paid total cost`);

/** Before "less than", words of a job's duration: "took less than an hour", "done in less than a day". */
export const TAKE_OR_DONE = set(`took take takes done finished there here back`);
/**
 * Units after "less than" that make it a quick job. Unlike TIME_UNITS, minutes count and months do not:
 * "less than a month" is no boast.
 */
export const DONE_WITHIN_UNITS = set(`minute minutes hour hours day days week weeks`);
/**
 * Service verbs that only report what happened ("Marco's crew handled the tear-off", "the estimate covered
 * a full tear-off") unless the clause says how well or how completely they were done.
 */
export const REPORTING_VERBS = set(`handled covered answered approved explained met sent called texted emailed returned
  responded replied checked contacted notified informed`);
/** Words that say how well or how completely a service was done ("handled everything", "answered every question"). */
export const COMPLETENESS = set(`every all whole everything always quickly promptly right same within immediately
  thoroughly patiently clearly carefully us me entire each full`);
/** Service verbs (among COMPANY_ACTIONS) that report a visit rather than service: "the crew arrived at 8". */
export const VISIT_ACTIONS = set(`arrived showed delivered finished completed`);
/** Words that may stand before an imperative of advice ("definitely try…", "just skip…", "you have to try…"). */
export const ADVICE_LEAD = set(`definitely must should to just please so and then also`);
/** Before "to", verbs that make the next word an imperative of advice ("you have to try", "you need to call"). */
export const ADVICE_NEEDS = set(`have got need`);
/** The start of an imperative's object ("try the…", "call them", "skip it"). */
export const OBJECT_START = set(`the their them this these it out any our his her a an`);
/** Denials that a problem came back: "the water spot never came back". */
export const RETURN_DENIED = set(`never didn't didnt hasn't hasnt haven't havent not`);
/** Verbs of throwing things onto a place: "tossed the old shingles onto our flower beds". */
export const THROWN = set(`tossed threw thrown dumped flung dropped throwing tossing dumping`);
/** Before "had" + a comparative, the customer's perfect ("I've had smoother experiences"). */
export const HAD_SUBJECTS = set(`i've we've have ive weve`);
/** Before a problem word, words that make it the same problem returning ("the same leak"). */
export const RECURRENCE = set(`same recurring`);
/** Before "up" in a sentence about money, verbs of a price rising ("the quote went up by $2,000"). */
export const RISE_VERBS = set(`went go goes gone going shot jumped crept kept`);
/** Before "N times", words of repeated visits ("came back three times", "came out four times"). */
export const RETURN_VISIT = set(`back out`);
/** After "N hours after", the time agreed ("two hours after the appointment window"). */
export const AGREED_TIMES = set(`appointment window scheduled agreed promised arranged time`);
/** What a company beats to its credit: a deadline, a schedule, a price ("beat the timeline", "beat every other quote"). */
export const BEATEN = set(`timeline schedule deadline date quote quotes price prices bid bids estimate estimates competition
  competitors others anything anyone everyone everybody any`);
/** Possessives before "late" that make it a person, not a delay ("my late husband"). */
export const LATE_POSSESSIVES = set(`my our his her`);
