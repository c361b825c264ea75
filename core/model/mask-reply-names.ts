import { areNameVariants } from '../verify/nicknames.ts';
import { foldText } from '../search/fold-text.ts';
import { ANONYMOUS_AUTHOR, publishedAuthor } from './author-initials.ts';

/** A word of a reply: letters, marks, apostrophes and hyphens inside. */
const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;
/** A word of a reply as a surname may be: apostrophes inside ("O'Brien"), but a hyphen parts two ("Martinez-Lopez"). */
const SURNAME_WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;

/**
 * Courtesy titles before a name, compared without case or period: the import reads them off display names
 * ("Dr. Ana García" is Ana) and a reply's "Mrs. Martinez" names a surname.
 */
export const NAME_TITLES: ReadonlySet<string> = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'med',
  'prof',
  'rev',
  'sir',
  'dame',
  'fr',
  'sra',
  'srta',
]);
/** Words after a surname that make it a family's name ("the Cooper family", "Cooper household"). */
const HOUSEHOLD_WORDS: ReadonlySet<string> = new Set(['family', 'families', 'household']);

/** The initial of a name, as a reader knows it: its first letter that is no modifier ("ʻIolani" → "I"), in capitals. */
export function initialOf(name: string): string {
  return ([...name].find((c) => !/\p{Lm}/u.test(c)) ?? [...name][0] ?? '').toLocaleUpperCase('en');
}

/** A word as names are compared: folded (case and accents), one apostrophe. */
const foldWord = (word: string): string => foldText(word).replace(/’/g, "'");

interface ReplyWord {
  text: string;
  /** The word without a possessive "'s" ("Cooper's" → "Cooper"). */
  stem: string;
  index: number;
}

function replyWords(reply: string): ReplyWord[] {
  return [...reply.matchAll(SURNAME_WORD)].map((m) => ({ text: m[0], stem: m[0].replace(/['’]s$/u, ''), index: m.index }));
}

/** What stands between two words of the reply. */
const gap = (reply: string, a: ReplyWord, b: ReplyWord): string => reply.slice(a.index + a.text.length, b.index);

/** A word right after a title ("Mr. Cooper", "mrs cooper"). */
function afterTitle(reply: string, words: readonly ReplyWord[], i: number): boolean {
  const title = words[i - 1];
  return !!title && NAME_TITLES.has(foldWord(title.text)) && /^\.? $/.test(gap(reply, title, words[i]!));
}

/** A word right before "family" or "household" ("the Cooper family's", "Cooper household"). */
function beforeHousehold(reply: string, words: readonly ReplyWord[], i: number): boolean {
  const next = words[i + 1];
  return !!next && HOUSEHOLD_WORDS.has(foldWord(next.stem)) && gap(reply, words[i]!, next) === ' ';
}

/** A surname in a title or a family's name, whatever its case: "mr. martinez" is a name, not a word. */
const namedAsSurname = (reply: string, words: readonly ReplyWord[], i: number): boolean =>
  afterTitle(reply, words, i) || beforeHousehold(reply, words, i);

type PickSurname = (word: ReplyWord, i: number, words: readonly ReplyWord[]) => boolean;

/**
 * The reply with each word `pick` takes for a surname replaced by its initial: "Mr. Cooper's" → "Mr. C.'s". A
 * period right after the word ends the initial, so "Mr. Cooper." does not become "Mr. C..".
 */
function replaceSurnames(reply: string, pick: PickSurname): string {
  const words = replyWords(reply);
  let out = '';
  let at = 0;
  words.forEach((word, i) => {
    if (!pick(word, i, words)) return;
    const end = word.index + word.stem.length;
    out += `${reply.slice(at, word.index)}${initialOf(word.stem)}${reply[end] === '.' ? '' : '.'}`;
    at = end;
  });
  return out + reply.slice(at);
}

/**
 * The reply with each mention of the given surname parts replaced by its initial ("Thanks Mrs. Martinez" →
 * "Thanks Mrs. M."): the import calls it with the parts of the display name that the stored name leaves out.
 * A part in lower case ("brown", "will") is a word, not a name, unless a title or "family" marks it as one.
 */
export function maskSurnames(reply: string, surnames: readonly string[]): string {
  const folded = new Set(
    surnames
      .flatMap((s) => s.split(/[-‐]/u))
      .map(foldWord)
      .filter((s) => [...s].length >= 2),
  );
  if (folded.size === 0) return reply;
  return replaceSurnames(
    reply,
    (word, i, words) =>
      (folded.has(foldWord(word.stem)) && (!/^\p{Ll}/u.test(word.text) || namedAsSurname(reply, words, i))) ||
      // "Thanks to the Coopers", "the Joneses": a family by its surname in the plural, capitalised.
      (/^\p{Lu}/u.test(word.text) && isPluralOf(foldWord(word.stem), folded)),
  );
}

/** Whether `word` is one of `names` with a plural ending ("coopers", "joneses"). */
function isPluralOf(word: string, names: ReadonlySet<string>): boolean {
  return (word.endsWith('s') && names.has(word.slice(0, -1))) || (word.endsWith('es') && names.has(word.slice(0, -2)));
}

/** The reviewer's last initial from the stored name, folded ("Bill C." → "c"), or "" when it has none. */
function lastInitial(author: string): string {
  const last = author.split(' ')[1] ?? '';
  return /^\p{L}\.$/u.test(last) ? foldText([...last][0]!) : '';
}

/**
 * A reply stored with the reviewer's surname (typed into the content, or imported before the import masked it):
 * the content knows only its initial, so a word with that initial after a title, or a capitalised one before
 * "family", is taken for it ("Mr. Cooper" under "Bill C." → "Mr. C."). Another name with that initial is
 * masked too: when in doubt, less of a name is kept.
 */
function maskSurnamesByInitial(reply: string, author: string): string {
  const initial = lastInitial(author);
  if (initial === '') return reply;
  return replaceSurnames(
    reply,
    (word, i, words) =>
      [...word.stem].length >= 2 &&
      foldText(word.stem).startsWith(initial) &&
      // "the caring family" is no name: before "family", only a capitalised word is.
      (afterTitle(reply, words, i) || (/^\p{Lu}/u.test(word.text) && beforeHousehold(reply, words, i))),
  );
}

interface NameHit {
  index: number;
  length: number;
  /** True when the next word starts with the reviewer's last initial (most likely their surname). */
  withSurname: boolean;
  /** The first name as the reply writes it ("Bill"). */
  given: string;
}

/** Where an owner reply names the reviewer: their first name or a nickname of it ("Bill" for William), as a word. */
function findReviewerName(reply: string, author: string): NameHit[] {
  const [first = ''] = author.split(' ');
  const given = foldText(first.replace(/\.$/, ''));
  // "Mr. S." has no first name: "Mr" in the reply is a title.
  if (author === ANONYMOUS_AUTHOR || given.length < 2 || NAME_TITLES.has(given)) return [];
  const initial = lastInitial(author);
  const words = [...reply.matchAll(WORD)];
  const hits: NameHit[] = [];
  words.forEach((m, i) => {
    const word = foldText(m[0]);
    if (!/^\p{Lu}/u.test(m[0]) || (word !== given && !areNameVariants(word, given))) return;
    const next = words[i + 1];
    const between = next ? reply.slice(m.index + m[0].length, next.index) : '';
    const withSurname = !!next && initial !== '' && between === ' ' && /^\p{Lu}/u.test(next[0]) && foldText(next[0]).startsWith(initial);
    // An initial already there ("Bill C.") takes its period along, so it is not written twice.
    const end = withSurname ? next!.index + next![0].length + (next![0].length === 1 && reply[next!.index + 1] === '.' ? 1 : 0) : 0;
    hits.push({ index: m.index, length: withSurname ? end - m.index : m[0].length, withSurname, given: m[0] });
  });
  return hits;
}

/**
 * True when an owner reply names a reviewer whose name is published as initials ("Thanks Bill!" under
 * "B. C."): the import warns, since the reply would undo the initials.
 */
export function replyUndoesInitials(reply: string, record: { author: string; consent?: boolean | undefined }): boolean {
  return publishedAuthor(record) !== record.author && findReviewerName(reply, record.author).length > 0;
}

/**
 * The reply as published. A surname is never published, consent or not: after a title, before "family", or
 * after the first name it becomes the stored initial ("Thanks Mr. Cooper" → "Thanks Mr. C."; with consent
 * "Thanks Bill Cooper" → "Thanks Bill C."). Where the reviewer's name is published as initials, each mention of
 * their first name (or a nickname of it) becomes its initial, and first name plus surname become the published
 * initials ("Thanks Bill Carter" → "Thanks B. C."). The content keeps the owner's words but the surname, which
 * the import, the only step that knows it whole, stores as its initial (maskSurnames).
 */
export function maskReplyNames(reply: string, record: { author: string; consent?: boolean | undefined }): string {
  const masked = maskSurnamesByInitial(reply, record.author);
  const published = publishedAuthor(record);
  const shown = published === record.author;
  const hits = findReviewerName(masked, record.author).filter((hit) => !shown || hit.withSurname);
  if (hits.length === 0) return masked;
  const firstInitial = published.split(' ')[0]!;
  const shownSurname = record.author.split(' ')[1]!;
  let out = '';
  let at = 0;
  for (const hit of hits) {
    const name = shown ? `${hit.given} ${shownSurname}` : hit.withSurname ? published : firstInitial;
    out += masked.slice(at, hit.index) + name;
    at = hit.index + hit.length;
  }
  return out + masked.slice(at);
}
