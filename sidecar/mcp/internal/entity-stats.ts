import { round2 } from '../../../core/model/aggregate-rating.ts';
import type { Review } from '../../../core/schemas/review-schema.ts';
import type { Snapshot } from '../../data/snapshot.ts';

/** How the reviews that mention one catalog entry rate. */
export interface EntityStats {
  reviewCount: number;
  averageRating: number | null;
  latestReviewDate: string | null;
}

export interface SnapshotEntityStats {
  technicians: ReadonlyMap<string, EntityStats>;
  services: ReadonlyMap<string, EntityStats>;
}

const cache = new WeakMap<Snapshot, SnapshotEntityStats>();

function tally(reviews: readonly Review[], refsOf: (r: Review) => readonly { id: string }[]): Map<string, EntityStats> {
  const acc = new Map<string, { sum: number; count: number; latest: string }>();
  for (const review of reviews) {
    for (const id of new Set(refsOf(review).map((ref) => ref.id))) {
      const a = acc.get(id);
      if (a) {
        a.sum += review.rating;
        a.count += 1;
        if (review.date > a.latest) a.latest = review.date;
      } else {
        acc.set(id, { sum: review.rating, count: 1, latest: review.date });
      }
    }
  }
  return new Map([...acc].map(([id, a]) => [id, { reviewCount: a.count, averageRating: round2(a.sum / a.count), latestReviewDate: a.latest }]));
}

/** Per technician and per service: count, mean rating and newest date of the reviews that mention it (once per build). */
export function entityStatsOf(snapshot: Snapshot): SnapshotEntityStats {
  let stats = cache.get(snapshot);
  if (!stats) {
    const reviews = snapshot.reviewsDocument.reviews;
    stats = { technicians: tally(reviews, (r) => r.technicians), services: tally(reviews, (r) => r.services) };
    cache.set(snapshot, stats);
  }
  return stats;
}

export const NO_MENTIONS: EntityStats = { reviewCount: 0, averageRating: null, latestReviewDate: null };
