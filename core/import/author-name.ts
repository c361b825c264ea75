import { ANONYMOUS_AUTHOR } from '../model/author-initials.ts';

/** Keeps letters, marks, apostrophes and hyphens of a name part; drops digits, emoji and punctuation. */
function cleanPart(part: string): string {
  return part.replace(/[^\p{L}\p{M}'’-]/gu, '').replace(/^['’-]+|['’-]+$/g, '');
}

function capitalize(part: string): string {
  const [first = '', ...rest] = [...part];
  return first.toLocaleUpperCase('en') + rest.join('');
}

/**
 * A source's display name in the content's author form: first name plus last initial ("Rhonda Martinez"
 * → "Rhonda M."; "rhonda" → "Rhonda"). A surname is never stored. Anonymous reviewers, and names with no
 * letters left, become "Anonymous".
 */
export function toAuthorName(displayName: string | undefined, isAnonymous = false): string {
  if (isAnonymous || !displayName) return ANONYMOUS_AUTHOR;
  const parts = displayName
    .normalize('NFC')
    .split(/\s+/)
    .map(cleanPart)
    .filter((p) => p !== '');
  if (parts.length === 0) return ANONYMOUS_AUTHOR;
  const first = capitalize([...parts[0]!].slice(0, 31).join(''));
  const last = parts.length > 1 ? [...parts.at(-1)!][0]!.toLocaleUpperCase('en') : '';
  return /^\p{Lu}$/u.test(last) ? `${first} ${last}.` : first;
}
