/** Newest first; ties broken by id ascending so every listing has one documented, stable order. */
export function compareReviews(a: { date: string; id: string }, b: { date: string; id: string }): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
