/**
 * "about half" → "About half": the first letter of a phrase that starts a sentence or a list entry. By code point,
 * so a first letter outside the BMP stays whole; the same in every locale (toUpperCase takes none).
 */
export function capitalize(s: string): string {
  const [first = '', ...rest] = [...s];
  return first.toUpperCase() + rest.join('');
}
