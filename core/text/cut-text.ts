/**
 * `text` cut to at most `max` UTF-16 units (a schema's `max`, the widget's length), at the last space when one is in the
 * second half, never through a surrogate pair (a cut title kept half an emoji, `\ud83d`), and ending in "…" within
 * `max`, so a reader sees that something follows. One cut for the widget's texts and the importers' titles.
 */
export function cutText(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const room = max - 1; // for the ellipsis
  let end = text.lastIndexOf(' ', room);
  if (end < room / 2) end = room; // no space near the end: a long word is cut
  const last = text.charCodeAt(end - 1);
  if (last >= HIGH_SURROGATE_MIN && last <= HIGH_SURROGATE_MAX) end--; // would split a pair: drop its first half too
  return { text: `${text.slice(0, end).trimEnd()}…`, truncated: true };
}

const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;
