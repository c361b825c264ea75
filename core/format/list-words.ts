/** "a", "a and b", "a, b and c" (no Oxford comma, as the pages write lists); `or` for alternatives. */
export function listWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
