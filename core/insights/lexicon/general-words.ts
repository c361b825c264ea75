/**
 * Hand-written supplement to the VADER word list (valence −4…+4, VADER's scale).
 *
 * VADER was built for social-media posts and misses much of the vocabulary of service reviews
 * ("prompt", "overpriced", "sloppy"); it also scores function words that carry no opinion in a
 * review ("no" is a negator, not −1.2; "kind of" is a hedge; "hail damage" is why the customer
 * called, not a complaint about the roofer). Entries here override VADER. Written from general
 * knowledge of review language — not derived from any evaluation data set (SemEval is licensed for
 * measurement only; see docs/insights.md).
 */
export const WORD_OVERRIDES: Readonly<Record<string, number>> = {
  // VADER entries that mislead in reviews: set to neutral (handled as negators, boosters or in context).
  no: 0, like: 0, pretty: 0, super: 0, kind: 1.6, emergency: 0, damage: 0, hail: 0, storm: 0,
  interest: 0, interested: 0, party: 0, friend: 0, friends: 0, share: 0, forget: -0.6, fire: 0, falling: 0, promise: 0, promised: 0, promises: 0,
  stop: 0, stopped: 0, damaged: -1.2, pay: 0, paid: 0, matter: 0, number: 0, chance: 0, please: 0, dear: 0, god: 0, lol: 0,
  true: 0.6, sure: 0, huge: 0, top: 0, ready: 0, win: 0, won: 0, play: 0, want: 0, wanted: 0, hope: 0,
  hoped: 0, luck: 0, definitely: 0, certainly: 0, seriously: 0, serious: 0, important: 0,
  hard: -0.3, funny: 0, fun: 0.6, insane: 0, damn: 0, care: 1.0, help: 1.0, joke: -1.2, miss: 0,
  fight: 0, fought: 0.6, lost: -0.8, ok: 0.3, okay: 0.3, fine: 0.6, yes: 0, save: 1.0, saved: 1.2,
  free: 0.6, leave: 0, hurt: -1.2, special: 0.8, cool: 0.8, thank: 1.2, thanks: 1.2, hit: 0, benefit: 1.2,
  clearly: 0, obviously: 0, despite: 0, dumpster: 0, dumpsters: 0, surprisingly: 0, honestly: 0, frankly: 0, literally: 0, stress: -1.2, surprise: -0.8, surprises: -0.8, surprised: 0, charged: 0, leak: -1.2, warm: 0.6, 'fresh': 1.3, tough: -0.3, big: 0, heavy: 0, pain: -1.5, original: 0,
};

/** Review vocabulary missing from VADER. */
export const REVIEW_WORDS: Readonly<Record<string, number>> = {
  // Time and reliability.
  prompt: 1.8, promptly: 1.8, punctual: 2.0, timely: 1.6, quick: 1.5, quickly: 1.5, fast: 1.5, faster: 1.2,
  speedy: 1.6, efficient: 2.0, efficiently: 1.8, reliable: 2.0, dependable: 2.0, responsive: 2.0,
  slow: -1.5, slowly: -0.8, late: -1.5, tardy: -1.5, delayed: -1.5, delay: -1.3, delays: -1.3,
  unreliable: -2.0, unresponsive: -2.2, rescheduled: -0.6, postponed: -0.8, forever: -0.6,
  // Conduct.
  polite: 1.8, attentive: 2.0, knowledgeable: 2.0, thorough: 2.0, meticulous: 2.2, organized: 1.5,
  professional: 1.8, professionally: 1.8, accommodating: 2.0, informative: 1.5, transparent: 1.5,
  upfront: 1.4, skilled: 1.8, experienced: 1.2, expert: 1.5, hardworking: 1.8, diligent: 1.8,
  inattentive: -1.8, pushy: -1.5, clueless: -1.5, disorganized: -1.6, unorganized: -1.6, condescending: -2.0,
  dishonest: -2.3, unprofessionally: -2.0, rushed: -1.2, careless: -1.6, incompetence: -2.0,
  // Quality of work and things.
  properly: 1.2, correctly: 1.0, solid: 1.3, sturdy: 1.5, durable: 1.5, flawless: 2.6, flawlessly: 2.5,
  seamless: 1.8, seamlessly: 1.8, smooth: 1.4, smoothly: 1.6, painless: 2.0, stellar: 2.8, superb: 3.0,
  exceptional: 2.8, impeccable: 2.8, immaculate: 2.5, spotless: 2.3, tidy: 1.5, neat: 1.5, neatly: 1.5,
  decent: 0.8, mediocre: -1.3, subpar: -1.8, sloppy: -2.0, shoddy: -2.3, crooked: -1.5, uneven: -1.2,
  improperly: -1.8, incorrectly: -1.5, poorly: -1.9, defective: -2.0, faulty: -1.8, flimsy: -1.5,
  unusable: -2.0, cheaply: -1.5, messy: -1.5, filthy: -2.2, leaky: -1.5, warped: -1.2, cracked: -1.0,
  dented: -1.2, scratched: -1.0, clogged: -1.0, nightmare: -2.5, hassle: -1.5, ripoff: -2.5,
  phenomenal: 3.0, sublime: 2.8, incredible: 2.8, incredibly: 0, patient: 1.5, authentic: 1.2, memorable: 1.8,
  convenient: 1.5, conveniently: 1.2, hospitable: 2.0, unbearable: -2.5, overrated: -1.8, underwhelming: -1.8,
  underwhelmed: -1.8, inconsistent: -1.5, unavailable: -1.0, forgot: -1.2, forgotten: -1.0, loud: -0.8, noisy: -1.2,
  detailed: 1.2, itemized: 1.0, careful: 1.2, carefully: 1.2, smoothest: 1.8, cleanest: 1.8, ideal: 1.2,
  tidier: 1.2, quicker: 1.2, cleaner: 1.2, sooner: 0.6, lacking: -1.2, hiccup: -0.8, hiccups: -0.8, meh: -1.0,
  defensive: -1.2, headache: -1.5, headaches: -1.5, unreasonable: -1.5,
  // Roofing: defects, damage to the property, conduct on site, warranty and insurance outcomes.
  gap: -0.8, gaps: -0.8, hole: -0.8, holes: -0.8, dent: -0.8, dents: -0.8, scratch: -0.8, scratches: -0.8,
  crack: -0.8, cracks: -0.8, overflow: -1.0, overflows: -1.2, overflowing: -1.2, trampled: -1.5, stained: -1.0,
  skipped: -1.0, smoking: -0.8, smoked: 0, match: 0.8, matched: 0.8, matches: 0.6, sharp: 0.6,
  communicative: 1.5, uncommunicative: -1.8, voided: -1.5, void: -1.0, covered: 0.8, reversed: 0.8, overturned: 0.8,
  // Price.
  reasonable: 1.5, reasonably: 1.0, affordable: 1.8, inexpensive: 1.2, competitive: 1.2, overpriced: -2.0,
  pricey: -1.0, pricier: -1.0, expensive: -1.0, costly: -1.0, overcharged: -2.2, overcharge: -2.0, overcharging: -2.0,
  upsell: -1.5, upsold: -1.5, upselling: -1.5,
  // Repair, cleanup and service verbs carry mild praise on their own ("cleaned up everything").
  cleaned: 1.0, tidied: 1.2, swept: 0.8, handled: 1.0, mishandled: -1.8, explained: 1.0, waited: -0.8, submitted: 0,
  liked: 1.5, likes: 1.2, loved: 2.9, enjoyed: 2.0, recommended: 1.5,
  // General evaluative words of service reviews missing from VADER.
  whistles: -1.0, whistling: -1.0, rattles: -1.0, rattling: -1.0, rattled: -1.0, squeaks: -1.0, valid: 0.8, nonexistent: -1.8, unreachable: -1.8, sags: -1.2, sag: -1.0, magnet: 1.0, flaw: -1.5, flaws: -1.5, flawed: -1.5, level: 0.6, letdown: -1.8, spotty: -1.2, bent: -1.0, vague: -1.0, passable: -0.6, slipping: -0.8, slips: -0.8, scuff: -1.0, scuffs: -1.0, scuffed: -1.0, faded: -1.0, fading: -1.0, discolored: -1.2,
  discoloration: -1.2, wavy: -1.2, rippled: -1.0, ripples: -1.0, buckling: -1.2, blistering: -1.0, blisters: -1.0,
  tarps: 0.8, tarped: 0.8, gem: 1.8, forte: 1.0, ghosted: -2.0, runaround: -1.8, oversold: -1.2, overpromised: -1.5, underdelivered: -1.8,
  unanswered: -1.5, lacked: -1.3, lacks: -1.3, slipped: -0.8, ruts: -1.0, rut: -0.8, sketchy: -1.5, shady: -1.8,
  unprepared: -1.5, unhelpful: -1.8, unfinished: -1.2, incomplete: -1.2, botched: -2.2, haphazard: -1.5,
  lackluster: -1.5, abysmal: -2.8, atrocious: -2.8, shabby: -1.5, personable: 1.8, conscientious: 2.0,
  exemplary: 2.5, commendable: 2.0, negligent: -2.2, inept: -2.0, amateurish: -1.8,
};
