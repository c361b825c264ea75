/**
 * `text` cut to at most `max` UTF-16 units (a schema's `max`), at a code point: a cut through a surrogate pair left a
 * lone half of an emoji (`\ud83d`) in a title. A cut text ends with "…", so a reader sees that something follows.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1; // room for the ellipsis
  const last = text.charCodeAt(end - 1);
  if (last >= HIGH_SURROGATE_MIN && last <= HIGH_SURROGATE_MAX) end--; // would split a pair: drop its first half too
  return `${text.slice(0, end).trimEnd()}…`;
}

const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;
