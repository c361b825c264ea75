import { extractMentions } from '../../core/insights/extract-mentions.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { business } from './sample-model.ts';

/**
 * The one factory for published reviews (the shape of `reviews.json`, after the content's records were
 * checked and resolved): verified by a job match on its own date, from Google, in English, no photos and
 * no catalog references unless given. For the content record a build starts from, see `record()` in
 * `sample-model.ts`.
 */
export function publishedReview(fields: Pick<Review, 'id' | 'date' | 'rating' | 'text'> & Partial<Review>): Review {
  return {
    author: 'Maria G.',
    source: { platform: 'google' },
    language: 'en',
    url: `https://reviews.example/reviews/${fields.id}/`,
    verification: { status: 'verified', method: 'job-match', verifiedOn: fields.date },
    technicians: [],
    services: [],
    serviceArea: null,
    photos: [],
    ...fields,
  };
}

/** A published review of the sample business whose technicians, services and service area are the ones its text mentions, unless given. */
export function review(id: string, date: string, rating: number, text: string, overrides: Partial<Review> = {}): Review {
  const found = extractMentions(text, business);
  const ref = (catalog: readonly { id: string; name: string }[], ids: string[]) =>
    ids.map((x) => ({ id: x, name: catalog.find((c) => c.id === x)!.name }));
  return publishedReview({
    id,
    date,
    rating,
    text,
    technicians: ref(business.technicians, found.technicians),
    services: ref(business.services, found.services),
    serviceArea: found.serviceAreas[0] ? ref(business.serviceAreas, [found.serviceAreas[0]])[0]! : null,
    ...overrides,
  });
}
