/**
 * Small word sets used by the context rules (internal/*-rules.ts). Hand-written from roofing and
 * service-review usage; each set names the role its words play in a rule.
 */
const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

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
