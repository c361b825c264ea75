/** A comment with Google's machine translation removed. */
export interface OriginalComment {
  text: string;
  /** True when the source carried a Google translation (so the text is not in the viewer's language). */
  translated: boolean;
}

const TRANSLATED = '(Translated by Google)';
const ORIGINAL = '(Original)';

/**
 * Keeps the reviewer's own words of a Google comment. Google writes translated comments either as
 * "(Translated by Google) <translation>\n\n(Original)\n<original>" or as
 * "<original>\n\n(Translated by Google)\n<translation>"; the translation is dropped in both.
 */
export function originalComment(comment: string | undefined): OriginalComment {
  const text = (comment ?? '').replace(/\r\n?/g, '\n');
  const at = text.indexOf(TRANSLATED);
  if (at === -1) return { text: text.trim(), translated: false };
  const original = text.indexOf(ORIGINAL, at);
  if (original !== -1) return { text: text.slice(original + ORIGINAL.length).trim(), translated: true };
  return { text: text.slice(0, at).trim(), translated: true };
}
