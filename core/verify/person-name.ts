import { foldText } from '../search/fold-text.ts';

/** A person's name reduced to what matching compares, folded (lower case, no accents). */
export interface PersonName {
  /** Given name, or its initial when only an initial is known. */
  first: string;
  firstIsInitial: boolean;
  /** Surname, or its initial ("m" for "Rhonda M."), or "" when absent. */
  last: string;
  lastIsInitial: boolean;
}

/**
 * Parses "Rhonda M.", "R. M.", "Rhonda Martinez", "Martinez, Rhonda" or "Mary Ann Smith" (first and
 * last word count; middle names are ignored). Null when no letter is left ("Anonymous" names nobody).
 */
export function parsePersonName(raw: string): PersonName | null {
  if (raw.trim() === '' || raw.trim() === 'Anonymous') return null;
  let text = raw;
  const comma = raw.split(',');
  if (comma.length === 2 && comma[1]!.trim() !== '') text = `${comma[1]} ${comma[0]}`;
  // Lower case, accents removed ("José" → "jose"), so "José H." meets "Jose Hernandez": the one fold of names.
  const words = foldText(text)
    .split(/[\s&/]+/)
    .map((w) => w.replace(/[^\p{L}'’.-]/gu, '').replace(/^['’.-]+|['’-]+$/g, ''))
    .filter((w) => w !== '' && !/^(mr|mrs|ms|dr|jr|sr|ii|iii)\.?$/.test(w));
  if (words.length === 0) return null;
  const part = (w: string) => {
    const bare = w.replace(/\./g, '');
    return { text: bare.length === 1 || w.endsWith('.') ? (bare[0] ?? '') : bare, initial: bare.length === 1 || w.endsWith('.') };
  };
  const first = part(words[0]!);
  const last = words.length > 1 ? part(words.at(-1)!) : { text: '', initial: false };
  if (first.text === '') return null;
  return { first: first.text, firstIsInitial: first.initial, last: last.text, lastIsInitial: last.initial };
}
