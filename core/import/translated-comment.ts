/** A comment with Google's machine translation removed. */
export interface OriginalComment {
  text: string;
  /** True when the source carried a Google translation (so the text is not in the viewer's language). */
  translated: boolean;
}

const TRANSLATED = '(Translated by Google)';
/** "(Original)" on a line of its own after a blank line, as Google puts it below its translation. */
const ORIGINAL_LINE = /\n[ \t]*\n[ \t]*\(Original\)[ \t]*\n/;
/** "(Translated by Google)" on a line of its own after a blank line, as Google puts it below the original. */
const TRANSLATED_LINE = /\n[ \t]*\n[ \t]*\(Translated by Google\)[ \t]*\n/g;

/**
 * Keeps the reviewer's own words of a Google comment. Google writes translated comments either as
 * "(Translated by Google) <translation>\n\n(Original)\n<original>" or as
 * "<original>\n\n(Translated by Google)\n<translation>"; the translation is dropped in both. The marker
 * counts only where Google puts it, with the layout's other part there too: a reviewer who writes the words
 * "(Translated by Google)" anywhere else keeps the whole comment, since dropping a part of it on a guess
 * could lose what they said (a 2-star review's complaint).
 */
export function originalComment(comment: string | undefined): OriginalComment {
  const text = (comment ?? '').replace(/\r\n?/g, '\n');
  const original = translationFirst(text) ?? originalFirst(text);
  return original === null ? { text: text.trim(), translated: false } : { text: original, translated: true };
}

/** The original of "(Translated by Google) … (Original) …": the comment opens with the marker. */
function translationFirst(text: string): string | null {
  if (!text.trimStart().startsWith(TRANSLATED)) return null;
  // The first "(Original)" line: should the original itself hold one, all of it is kept, never cut short.
  const marker = ORIGINAL_LINE.exec(text);
  if (!marker) return null;
  const original = text.slice(marker.index + marker[0].length).trim();
  return original === '' ? null : original;
}

/** The original of "… (Translated by Google) …": the marker stands alone between the original and a translation. */
function originalFirst(text: string): string | null {
  // The last marker line: should the original itself hold one, all of it is kept, never cut short.
  const marker = [...text.matchAll(TRANSLATED_LINE)].at(-1);
  if (!marker) return null;
  const original = text.slice(0, marker.index).trim();
  const translation = text.slice(marker.index + marker[0].length).trim();
  return original === '' || translation === '' ? null : original;
}
