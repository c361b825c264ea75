import type { LocatedRecord } from '../content/parse-content.ts';
import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { EntityRef } from '../schemas/primitives.ts';
import type { Review, ReviewRecord } from '../schemas/review-schema.ts';
import { publishedAuthor } from './author-initials.ts';
import { compareReviews } from './compare-reviews.ts';
import { freezeDeep } from './freeze-deep.ts';
import { digestOf, rememberDigest } from './review-digest.ts';
import { maskReplyNames } from './mask-reply-names.ts';
import { reviewPermalink } from './review-permalink.ts';

/** Finds technicians, services and towns in review text (the insights engine provides it). */
export type ExtractMentions = (text: string, business: BusinessConfig) => { technicians: string[]; services: string[]; serviceAreas: string[] };

export interface HeldBackReview {
  id: string;
  file: string;
  line: number;
  status: 'unverified' | 'rejected';
  /** Free text for an unverified review; the reason code for a rejected one. */
  reason: string;
  /** The owner's note on a rejection. */
  note?: string;
}

export interface PublishResult {
  reviews: Review[];
  heldBack: HeldBackReview[];
}

function refsOf(ids: readonly string[], catalog: readonly { id: string; name: string }[]): EntityRef[] {
  const byId = new Map(catalog.map((c) => [c.id, c.name]));
  return [...new Set(ids)].sort().map((id) => ({ id, name: byId.get(id)! }));
}

function toReview(r: ReviewRecord, business: BusinessConfig, baseUrl: string, extract: ExtractMentions): Review {
  if (r.verification.status !== 'verified') throw new Error(`unverified review ${r.id} cannot be published`);
  const found = r.technicians && r.services && r.serviceArea ? null : extract(r.text, business);
  const areaId = r.serviceArea ?? found?.serviceAreas[0];
  const area = areaId ? business.serviceAreas.find((a) => a.id === areaId) : undefined;
  // Key order here is the key order of the published JSON: keep it fixed for byte-identical builds.
  return {
    id: r.id,
    date: r.date,
    rating: r.rating,
    ...(r.title !== undefined && { title: r.title }),
    text: r.text,
    author: publishedAuthor(r),
    ...(r.incentive !== undefined && { incentive: r.incentive }),
    ...(r.relationship !== undefined && { relationship: r.relationship }),
    source: r.source,
    language: r.language,
    ...(r.updatedAt !== undefined && { updatedAt: r.updatedAt }),
    url: reviewPermalink(baseUrl, r),
    verification: { status: 'verified', method: r.verification.method, verifiedOn: r.verification.verifiedOn },
    technicians: refsOf(r.technicians ?? found!.technicians, business.technicians),
    services: refsOf(r.services ?? found!.services, business.services),
    serviceArea: area ? { id: area.id, name: area.name } : null,
    ...(r.ownerReply && { ownerReply: { text: maskReplyNames(r.ownerReply.text, r), date: r.ownerReply.date } }),
    photos: r.photos,
  };
}

/**
 * Turns validated content records into published reviews: verified only, catalog ids resolved,
 * mentions extracted where the content does not state them, newest first (ties by id).
 */
export function publishReviews(
  records: readonly LocatedRecord[],
  business: BusinessConfig,
  baseUrl: string,
  extract: ExtractMentions,
): PublishResult {
  const reviews: Review[] = [];
  const heldBack: HeldBackReview[] = [];
  for (const { record, file, line } of records) {
    const v = record.verification;
    // Frozen: a published review is never changed in place (its digest, computed once, keys the caches and page reuse).
    if (v.status === 'verified') {
      const review = toReview(record, business, baseUrl, extract);
      rememberDigest(review, digestOf(review)); // every build keys every review by it; kept on the review, not in a WeakMap
      reviews.push(freezeDeep(review));
    } else if (v.status === 'unverified') heldBack.push({ id: record.id, file, line, status: v.status, reason: v.reason });
    else heldBack.push({ id: record.id, file, line, status: v.status, reason: v.reason, note: v.note });
  }
  reviews.sort(compareReviews);
  return { reviews, heldBack };
}
