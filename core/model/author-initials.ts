/** The name a reviewer is published under when no consent to show their name is recorded. */
export const ANONYMOUS_AUTHOR = 'Anonymous';

/**
 * "Maria G." → "M. G."; "Maria" → "M."; initials stay as they are. "Anonymous" names nobody and is kept.
 * Splits by code point so a letter outside the BMP stays whole.
 */
export function authorInitials(author: string): string {
  if (author === ANONYMOUS_AUTHOR) return author;
  return (
    author
      .split(' ')
      .filter((part) => part !== '')
      // The first letter that is not a modifier ("ʻIolani" → "I."), so the initial is a letter a reader knows.
      .map((part) => `${([...part].find((c) => !/\p{Lm}/u.test(c)) ?? [...part][0]!).toLocaleUpperCase('en')}.`)
      .join(' ')
  );
}

/** The published form of a review's author: the name with consent, initials without. */
export function publishedAuthor(record: { author: string; consent?: boolean | undefined }): string {
  return record.consent === true ? record.author : authorInitials(record.author);
}
