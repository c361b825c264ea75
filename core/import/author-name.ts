import { capitalize } from '../format/capitalize.ts';
import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';
import { initialOf, maskSurnames, NAME_TITLES } from '../model/mask-reply-names.ts';

/** Keeps letters, marks, apostrophes and hyphens of a name part; drops digits, emoji and punctuation. */
function cleanPart(part: string): string {
  return part.replace(/[^\p{L}\p{M}'’-]/gu, '').replace(/^['’-]+|['’-]+$/g, '');
}

/** Courtesy titles before a name ("Dr. Ana García" is Ana), compared without case or period; shared with the replies. */
const TITLES = NAME_TITLES;
/** Words joining two titles ("Mr. and Mrs. Smith"). */
const JOINERS: ReadonlySet<string> = new Set(['and', '&']);
/** Suffixes and credentials after a name ("John Smith Jr." and "John Smith, MBA" are John S.). */
const SUFFIXES: ReadonlySet<string> = new Set([
  'jr',
  'sr',
  'ii',
  'iii',
  'iv',
  'phd',
  'md',
  'dds',
  'esq',
  'cpa',
  'mba',
  'rn',
  'jd',
  'dvm',
  'lpn',
  'cfa',
  'inc',
  'llc',
  'ltd',
]);

const bare = (part: string): string => part.toLocaleLowerCase('en').replace(/[.,]/g, '');

/**
 * What joins the parts of a name written without spaces ("Rhonda.Martinez", "Rhonda_Martinez", "Rhonda/Martinez",
 * "Rhonda·Martinez", a zero-width space, digits): each splits it, or the surname would be stored glued to the first
 * name. A middle dot between two l's is the Catalan "l·l" inside one name ("Gal·la"), so it does not split.
 */
const JOINED = /[._/+•‧・･\u200B\u2060\uFEFF\d]+|(?<!l)·|·(?!l)/u;

/** Prefixes that begin one name with a capital inside it ("MacKenzie", "VanDyke"): never split off as a name. */
const CAPITAL_PREFIXES: ReadonlySet<string> = new Set([
  'mc',
  'mac',
  'de',
  'le',
  'la',
  'di',
  'da',
  'du',
  'del',
  'della',
  'van',
  'von',
  'fitz',
  "o'",
  'o’',
]);

/**
 * "RhondaMartinez" → Rhonda, Martinez: a capital after at least two lower-case letters starts a new name, unless
 * what comes before it is a prefix of one name ("MacKenzie"). One lower-case letter before the capital never
 * splits ("McDonald", "DeShawn", "LeBron"), nor an apostrophe ("O'Brien").
 */
function splitCamelCase(word: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const m of word.matchAll(/(?<=\p{Ll}{2})\p{Lu}/gu)) {
    const head = word.slice(start, m.index);
    if (CAPITAL_PREFIXES.has(head.toLocaleLowerCase('en'))) continue;
    pieces.push(head);
    start = m.index;
  }
  return [...pieces, word.slice(start)];
}

/** One space-separated word as name words: a title or suffix stays whole ("Ph.D."), anything else is split where joined. */
function splitJoined(word: string): string[] {
  if (TITLES.has(bare(word)) || SUFFIXES.has(bare(word))) return [word];
  return word
    .split(JOINED)
    .flatMap(splitCamelCase)
    .filter((w) => w !== '');
}

/**
 * "Last, First" as address books and spreadsheets write it, and "Last, First, X" with a credential, suffix or
 * place after a second comma (X is dropped): "First Last". Not when the first is a title ("Mr, Smith").
 */
function reorderCommas(text: string): string {
  const comma = /^([^,]+),\s*([^,]+)(?:,.*)?$/.exec(text);
  return comma && !TITLES.has(bare(comma[1]!.trim())) ? `${comma[2]!.trim()} ${comma[1]}` : text;
}

/** A display name read: the name as stored, and the parts of it that the stored name leaves out. */
interface ReadName {
  stored: string;
  hidden: readonly string[];
}

const UNUSABLE: ReadName = { stored: ANONYMOUS_AUTHOR, hidden: [] };

/** Only initials, one or two ("李小龙" → "李."); every part is then hidden. */
function initialsOnly(parts: readonly string[]): ReadName {
  const stored = parts
    .slice(0, 2)
    .map((p) => `${initialOf(p)}.`)
    .join(' ');
  return { stored, hidden: parts };
}

/** The stored form of a first name and the part whose initial stands for the surname. */
function firstAndInitial(parts: readonly string[], given: string, surname: string | undefined): ReadName {
  const first = capitalize([...given].slice(0, 31).join(''));
  const last = surname === undefined ? '' : initialOf(surname);
  return { stored: /^\p{Lu}$/u.test(last) ? `${first} ${last}.` : first, hidden: parts.filter((p) => p !== given) };
}

/** All capitals, two letters or more, and no title or suffix ("MARTINEZ", "AJ"; not "JR", "MBA", "Martinez"). */
const isCapitals = (part: string): boolean =>
  !/\p{Ll}/u.test(part) && (part.match(/\p{Lu}/gu) ?? []).length >= 2 && !TITLES.has(bare(part)) && !SUFFIXES.has(bare(part));
/** Capitals that read as a family name: three letters or more with a vowel (not initials such as "AJ", "JRR"). */
const isCapitalFamilyName = (part: string): boolean =>
  isCapitals(part) && [...part].length >= 3 && /[AEIOUYΑΕΗΙΟΥΩАЕЁИОУЫЭЮЯ]/u.test(part.normalize('NFD'));

/**
 * A name in a cased script. The family name in capitals beside a name that is not ("MARTINEZ Rhonda", the
 * French and administrative style) is the surname wherever it stands: "Rhonda M.". Capitals of two letters or
 * without a vowel before such a name may be initials ("AJ Martinez") or a short family name ("LI Wei"): only
 * initials are kept, whichever it is. Otherwise the first part is the first name ("JOHN SMITH" → "JOHN S.").
 */
function readCased(parts: readonly string[]): ReadName {
  const mixed = parts.filter((p) => /\p{Ll}/u.test(p));
  // Capitals first beside a word in lower case: "MARTINEZ Rhonda" (the family name, French style) and "JOHN Smith"
  // (a first name typed in capitals) look the same, so neither is kept whole: initials only. Read as "family name in
  // capitals", "JOHN Smith" was stored "Smith J.", the surname published as the first name (review of 2026-11-27).
  if (mixed.length > 0 && isCapitals(parts[0]!)) return initialsOnly(parts);
  // Capitals after a first name ("Rhonda MARTINEZ GARCIA"): whichever reading, the first name stays and the family
  // name in capitals gives the initial.
  const family = parts.filter(isCapitalFamilyName);
  if (mixed.length > 0 && family.length > 0) return firstAndInitial(parts, mixed[0]!, family[0]!);
  return firstAndInitial(parts, parts[0]!, parts.length > 1 ? surnameInitialPart(parts) : undefined);
}

/** Space-separated words of a name: joined words split, suffixes dropped, commas and titles read. */
function readWords(words: readonly string[]): ReadName {
  // Suffixes go first, wherever a comma put them ("Smith, John, Jr.", "John Smith, Jr.").
  const kept = words.flatMap(splitJoined).filter((p, i) => i === 0 || !SUFFIXES.has(bare(p)));
  const all = reorderCommas(kept.join(' ').replace(/,$/, '')).split(/\s+/);
  // Titles at the start, any number of them ("Prof. Dr.", "Mr. and Mrs."): the first is kept for a surname alone.
  let start = 0;
  while (start < all.length - 1 && (TITLES.has(bare(all[start]!)) || (start > 0 && JOINERS.has(bare(all[start]!))))) start++;
  const title = start > 0 ? all[0]! : null;
  const parts = all
    .slice(start)
    .map(cleanPart)
    .filter((p) => p !== '');
  if (parts.length === 0) return UNUSABLE;
  // "Mr. Smith", "mr smith": the one name left is a surname, so only its initial is kept, after the title.
  if (title && parts.length === 1 && /\p{L}/u.test([...parts[0]!][0]!))
    return { stored: `${capitalize(cleanPart(title))}. ${[...parts[0]!][0]!.toLocaleUpperCase('en')}.`, hidden: parts };
  // A script without capitals (Chinese, Japanese, Korean, Thai…) may put the family name first, or in one word with the rest.
  if (parts.every((p) => !/\p{Lu}|\p{Ll}/u.test(p))) return initialsOnly(parts);
  // Vietnamese puts the family name first ("Nguyễn Văn An": An is the given name), and its letters say so.
  if (parts.length > 1 && parts.some((p) => VIETNAMESE_LETTER.test(p.normalize('NFC')))) return initialsOnly(parts);
  return readCased(parts);
}

/**
 * Letters only Vietnamese writes among the Latin-script languages: ă, ơ, ư, đ, and vowels with a hook above or a dot
 * below (ả, ạ, ễ…). A name written without them ("Nguyen Van An") cannot be told from a given-name-first one.
 */
const VIETNAMESE_LETTER = /[ăằắẳẵặơờớởỡợưừứửữựđảẻỉỏủỷạẹịọụỵấầẩẫậếềểễệốồổỗộ]/iu;

/**
 * An e-mail address as the name: the part before "@" (the domain names nobody, a "+tag" neither), split where
 * joined ("rhonda.martinez" → Rhonda M.). One word ("rmartinez", "rhondamartinez") may hold the surname whole,
 * and a letter beside a word may be either initial ("r.martinez", "martinez.r"): initials only.
 */
function readEmail(local: string): ReadName {
  const words = local
    .split('+')[0]!
    .split(/[^\p{L}\p{M}'’]+/u)
    .map(cleanPart)
    .filter((w) => w !== '');
  if (words.length === 0) return UNUSABLE;
  if (words.length === 1 || words.some((w) => [...w].length === 1)) return initialsOnly(words);
  return readWords(words);
}

/** Reads a display name: an e-mail address by its part before "@", anything else word by word. */
function readName(displayName: string): ReadName {
  const text = displayName.normalize('NFC').trim();
  const email = /^([^\s@]+)@[^\s@]+$/u.exec(text);
  if (email) return readEmail(email[1]!);
  // An address or handle beside a name adds nothing to it ("Rhonda Martinez <rhonda@example.com>").
  return readWords(text.split(/\s+/).filter((w) => !w.includes('@')));
}

/**
 * A source's display name in the content's author form: first name plus last initial ("Rhonda Martinez"
 * → "Rhonda M."; "Martinez, Rhonda", "Dr. Rhonda Martinez Jr.", "Rhonda.Martinez",
 * "RhondaMartinez" and "rhonda.martinez@gmail.com" too; "rhonda" → "Rhonda"). A surname is never stored. A name
 * in a script without capitals (Chinese, Japanese, Korean, Thai…), where the family name may come first, keeps
 * only its initials ("李 小龙" → "李. 小.", "李小龙" → "李."). Anonymous reviewers, and names with no letters left,
 * become "Anonymous".
 */
export function toAuthorName(displayName: string | undefined, isAnonymous = false): string {
  if (isAnonymous || !displayName) return ANONYMOUS_AUTHOR;
  return readName(displayName).stored;
}

/**
 * An owner reply as stored: each part of the reviewer's name that the stored name leaves out (the surname,
 * "Martinez" of "Rhonda Martinez") becomes its initial ("Thanks Mrs. Martinez" → "Thanks Mrs. M."). Only the
 * import knows the surname: the content never holds it, so a reply naming it cannot be masked later.
 */
export function maskReplySurnames(reply: string, displayName: string | undefined, isAnonymous = false): string {
  if (isAnonymous || !displayName) return reply;
  return maskSurnames(reply, readName(displayName).hidden);
}

/** Particles that begin a surname ("Nic Giolla", "Mac an tSaoi"); lower-case ones ("van der Berg") are read past. */
const SURNAME_PARTICLES: ReadonlySet<string> = new Set(['nic', 'mac', 'ní', 'ó', 'ua', 'bin', 'binti', 'ibn']);

/** The part whose initial stands for the surname: the last, or a particle that begins it ("Siobhán Nic Giolla" → Nic). */
function surnameInitialPart(parts: readonly string[]): string {
  let at = parts.length - 1;
  while (at > 1 && SURNAME_PARTICLES.has(bare(parts[at - 1]!)) && /^\p{Lu}/u.test(parts[at - 1]!)) at--;
  return parts[at]!;
}
