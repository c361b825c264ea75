/** "about half" → "About half": the first letter of a phrase that starts a sentence or a list entry. */
export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
