/**
 * Permalink of a review: an anchor on its month's archive page, e.g. `/reviews/2024-06/#r-2024-0412`.
 * Why a month page and not one page per review: the address never changes (a review's month is fixed),
 * and the static output stays one page per month even at 100k reviews.
 */
export function reviewArchivePath(date: string): string {
  return `/reviews/${date.slice(0, 7)}/`;
}

export function reviewPermalink(baseUrl: string, review: { id: string; date: string }): string {
  return `${baseUrl}${reviewArchivePath(review.date)}#${review.id}`;
}
