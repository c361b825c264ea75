/**
 * Single nouns strong enough to be a theme on their own ("hail", "leak"): weather, roof parts and
 * problems a customer names. Hand-written from general roofing knowledge; matched in the singular.
 */
export const THEME_NOUNS: ReadonlySet<string> = new Set(
  `hail leak storm windstorm hailstorm tornado hurricane snow icicle moss mold mildew algae rot skylight
  chimney gutter downspout flashing vent soffit fascia attic ventilation insulation decking sheathing tarp permit
  hoa solar drone ridge valley dormer slate cedar underlayment`.split(/\s+/),
);

/**
 * Variants merged into one topic: a word → its canonical spelling ("bill" and "invoice" are one
 * theme in "final bill" / "final invoice"). Compounds written as one word or two ("wind storm" /
 * "windstorm") merge without a table: the merge key ignores the spaces.
 */
export const TOPIC_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['invoice', 'bill'],
  ['estimate', 'quote'],
  ['bid', 'quote'],
  ['eavestrough', 'gutter'],
  ['adjustor', 'adjuster'],
]);

/** Idioms whose halves are not themes ("long story short" gives neither "long story" nor "story short"). */
export const TOPIC_IDIOMS: readonly string[] = [
  'long story short',
  'at the end of the day',
  'all in all',
  'peace of mind',
  'word of mouth',
  'hands down',
  'by far',
  'to be honest',
  'bottom line',
  'in the long run',
  'time and again',
  'first of all',
  'last but not least',
  'piece of mind',
  'better business bureau',
  'five stars',
  'five star',
  'ten out of ten',
  'second to none',
  'above and beyond',
  'a breath of fresh air',
  'night and day',
  'day and night',
  'on the ball',
  'top notch',
  'start to finish',
  'beginning to end',
  'from start to finish',
  'at first',
  'at least',
  'a couple of',
  'a lot of',
];

/**
 * Modifiers that make a phrase an opinion or a description, not a theme ("proper flashing",
 * "real professionals"), though general lexicons give them no valence.
 */
export const TOPIC_MODIFIERS: ReadonlySet<string> = new Set(
  `proper properly correct correctly right wrong real actual true total complete huge big small little tiny
  major minor quick slow fast extra super whole entire same several few multiple various different`.split(/\s+/),
);
