import { capitalize } from '../format/capitalize.ts';
import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';

/** Keeps letters, marks, apostrophes and hyphens of a name part; drops digits, emoji and punctuation. */
function cleanPart(part: string): string {
  return part.replace(/[^\p{L}\p{M}'’-]/gu, '').replace(/^['’-]+|['’-]+$/g, '');
}

/** Courtesy titles before a name ("Dr. Ana García" is Ana), compared without case or period. */
const TITLES: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'med', 'prof', 'rev', 'sir', 'dame', 'fr', 'sra', 'srta']);
/** Words joining two titles ("Mr. and Mrs. Smith"). */
const JOINERS: ReadonlySet<string> = new Set(['and', '&']);
/** Suffixes after a name ("John Smith Jr." is John S.). */
const SUFFIXES: ReadonlySet<string> = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'dds', 'esq', 'cpa', 'inc', 'llc', 'ltd']);

const bare = (part: string): string => part.toLocaleLowerCase('en').replace(/[.,]/g, '');

/**
 * A source's display name in the content's author form: first name plus last initial ("Rhonda Martinez"
 * → "Rhonda M."; "Martinez, Rhonda" and "Dr. Rhonda Martinez Jr." too; "rhonda" → "Rhonda"). A surname is never
 * stored. A name in a script without capitals (Chinese, Japanese, Korean, Thai…), where the family name may come
 * first, keeps only its initials ("李 小龙" → "李. 小.", "李小龙" → "李."). Anonymous reviewers, and names with no letters left,
 * become "Anonymous".
 */
export function toAuthorName(displayName: string | undefined, isAnonymous = false): string {
  if (isAnonymous || !displayName) return ANONYMOUS_AUTHOR;
  // Suffixes go first, wherever a comma put them ("Smith, John, Jr.", "John Smith, Jr.").
  const words = displayName
    .normalize('NFC')
    .trim()
    .split(/\s+/)
    .filter((p, i) => i === 0 || !SUFFIXES.has(bare(p)));
  let text = words.join(' ').replace(/,$/, '');
  // "Last, First" as address books and spreadsheets write it: one comma with a name on each side.
  const comma = /^([^,]+),\s*([^,]+)$/.exec(text);
  if (comma && !TITLES.has(bare(comma[1]!.trim()))) text = `${comma[2]} ${comma[1]}`;
  // Titles at the start, any number of them ("Prof. Dr.", "Mr. and Mrs."): the first is kept for a surname alone.
  const all = text.split(/\s+/);
  let start = 0;
  while (start < all.length - 1 && (TITLES.has(bare(all[start]!)) || (start > 0 && JOINERS.has(bare(all[start]!))))) start++;
  const title = start > 0 ? all[0]! : null;
  const parts = all
    .slice(start)
    .map(cleanPart)
    .filter((p) => p !== '');
  if (parts.length === 0) return ANONYMOUS_AUTHOR;
  // "Mr. Smith", "mr smith": the one name left is a surname, so only its initial is kept, after the title.
  if (title && parts.length === 1 && /\p{L}/u.test([...parts[0]!][0]!))
    return `${capitalize(cleanPart(title))}. ${[...parts[0]!][0]!.toLocaleUpperCase('en')}.`;
  if (parts.every((p) => !/\p{Lu}|\p{Ll}/u.test(p))) {
    // "李小龙" written as one word holds the family name too: only initials, one or two.
    return parts
      .slice(0, 2)
      .map((p) => `${[...p][0]}.`)
      .join(' ');
  }
  const first = capitalize([...parts[0]!].slice(0, 31).join(''));
  const last = parts.length > 1 ? [...surnameInitialPart(parts)][0]!.toLocaleUpperCase('en') : '';
  return /^\p{Lu}$/u.test(last) ? `${first} ${last}.` : first;
}

/** Particles that begin a surname ("Nic Giolla", "Mac an tSaoi"); lower-case ones ("van der Berg") are read past. */
const SURNAME_PARTICLES: ReadonlySet<string> = new Set(['nic', 'mac', 'ní', 'ó', 'ua', 'bin', 'binti', 'ibn']);

/** The part whose initial stands for the surname: the last, or a particle that begins it ("Siobhán Nic Giolla" → Nic). */
function surnameInitialPart(parts: readonly string[]): string {
  let at = parts.length - 1;
  while (at > 1 && SURNAME_PARTICLES.has(bare(parts[at - 1]!)) && /^\p{Lu}/u.test(parts[at - 1]!)) at--;
  return parts[at]!;
}
