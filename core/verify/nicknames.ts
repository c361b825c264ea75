/**
 * Common English given-name variants: each group is one person's name as customers write it on a review
 * ("Bill") and as the office types it into the job list ("William"). Not exhaustive: the review queue
 * catches what this misses.
 */
const GROUPS: string[][] = [
  ['william', 'bill', 'billy', 'will', 'willy', 'liam'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['richard', 'rick', 'ricky', 'rich', 'dick'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['john', 'johnny', 'jack', 'jon'],
  ['joseph', 'joe', 'joey', 'jose'],
  ['michael', 'mike', 'mikey', 'mick'],
  ['thomas', 'tom', 'tommy'],
  ['charles', 'charlie', 'chuck', 'chas'],
  ['christopher', 'chris', 'kit'],
  ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davey'],
  ['edward', 'ed', 'eddie', 'ted', 'ned'],
  ['anthony', 'tony'],
  ['andrew', 'andy', 'drew'],
  ['matthew', 'matt'],
  ['nicholas', 'nick', 'nicky'],
  ['steven', 'stephen', 'steve'],
  ['benjamin', 'ben', 'benny'],
  ['samuel', 'sam', 'sammy'],
  ['alexander', 'alex', 'al', 'sandy'],
  ['gregory', 'greg'],
  ['patrick', 'pat', 'paddy'],
  ['timothy', 'tim', 'timmy'],
  ['kenneth', 'ken', 'kenny'],
  ['ronald', 'ron', 'ronnie'],
  ['donald', 'don', 'donnie'],
  ['lawrence', 'larry'],
  ['raymond', 'ray'],
  ['gerald', 'jerry'],
  ['jeffrey', 'jeff', 'geoffrey'],
  ['elizabeth', 'liz', 'beth', 'betty', 'lizzie', 'eliza', 'betsy'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge'],
  ['katherine', 'catherine', 'kathryn', 'kate', 'katie', 'kathy', 'cathy', 'kat'],
  ['jennifer', 'jen', 'jenny', 'jenn'],
  ['patricia', 'pat', 'patty', 'trish', 'tricia'],
  ['susan', 'sue', 'susie', 'suzanne'],
  ['deborah', 'debra', 'deb', 'debbie'],
  ['rebecca', 'becky', 'becca'],
  ['victoria', 'vicky', 'tori'],
  ['christine', 'christina', 'chris', 'tina'],
  ['barbara', 'barb', 'barbie'],
  ['jessica', 'jess', 'jessie'],
  ['samantha', 'sam', 'sammy'],
  ['alexandra', 'alex', 'sandra', 'sandy'],
  ['abigail', 'abby', 'abbie'],
  ['kimberly', 'kim'],
  ['pamela', 'pam'],
  ['cynthia', 'cindy'],
  ['theresa', 'teresa', 'terry', 'tess'],
  ['amanda', 'mandy'],
  ['josephine', 'jo', 'josie'],
  ['dorothy', 'dot', 'dottie'],
  ['frederick', 'fred', 'freddie'],
  ['francis', 'frances', 'frank', 'fran'],
  ['henry', 'hank', 'harry'],
  ['leonard', 'leo', 'len', 'lenny'],
  ['vincent', 'vince', 'vinny'],
  ['philip', 'phillip', 'phil'],
  ['douglas', 'doug'],
  ['walter', 'walt'],
  ['zachary', 'zach', 'zack'],
  ['nathaniel', 'nathan', 'nate'],
];

const GROUPS_OF = new Map<string, number[]>();
GROUPS.forEach((names, g) => names.forEach((n) => GROUPS_OF.set(n, [...(GROUPS_OF.get(n) ?? []), g])));

/**
 * Keys a folded given name is known by: the name itself plus one key per nickname group it belongs to.
 * Two names are variants of each other when their key sets intersect.
 */
export function nameKeys(folded: string): string[] {
  return [folded, ...(GROUPS_OF.get(folded) ?? []).map((g) => `#${g}`)];
}

/** True when `a` and `b` (folded) are the same name or variants in one nickname group. */
export function areNameVariants(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = GROUPS_OF.get(a);
  const gb = GROUPS_OF.get(b);
  return !!ga && !!gb && ga.some((g) => gb.includes(g));
}
