/**
 * An average star rating as people read it everywhere we show one: one decimal (4.32 → "4.3", 5 → "5.0"), so the
 * summary's sentence and the page's header never disagree. The exact value stays in the data (`averageRating`).
 */
export function formatRating(value: number): string {
  return value.toFixed(1);
}
