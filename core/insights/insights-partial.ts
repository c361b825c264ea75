import type { BusinessConfig } from '../schemas/business-schema.ts';
import { reviewUpdated } from '../model/latest-date.ts';
import { collectAspects, mergeAspects, type AspectsPartial } from './aggregate-aspects.ts';
import { collectEntities, mergeEntities, type EntitiesPartial } from './aggregate-entities.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import { collectFaq, mergeFaq, type FaqPartial } from './build-faq.ts';
import { collectTopics, mergeTopics, type TopicsPartial } from './extract-topics.ts';
import { collectUnits, mergeUnits, type OpinionUnits } from './quantify-aspects.ts';
import { collectTechnicianReviews, mergeTechnicianReviews, type TechnicianReviews } from './rank-technicians.ts';
import { collectEvidence, mergeEvidence, type EvidencePartial } from './summary-evidence.ts';

/**
 * What the insights keep of a set of reviews: counts, the few best quote candidates and newest citations of each figure,
 * the topics' phrase tallies, the quantifier's opinion units. Plain data, no reference to a review or its analysis.
 * Partials of disjoint sets of reviews merge into the partial of all of them, exactly: counts add up, a "best k" of
 * all is the best k of the sets' best k (a review is in one set only), units are put back in id order. So a build
 * keeps one per block of reviews (insights-blocks.ts) and reads again only the blocks that changed, and the insights are
 * the same, byte for byte, whichever blocks were kept.
 */
export interface InsightsPartial {
  reviewCount: number;
  ratingSum: number;
  /** Oldest and newest review written (the periods); the newest date any review carries (`updated`). */
  first: string | null;
  newest: string | null;
  updated: string | null;
  ratingOnly: number;
  otherLanguage: number;
  units: OpinionUnits;
  aspects: AspectsPartial;
  entities: EntitiesPartial;
  technicians: TechnicianReviews;
  topics: TopicsPartial;
  faq: FaqPartial;
  evidence: EvidencePartial;
}

/** The partial of a set of reviews, analysed, in compareReviews' order (the order of the published list). */
export function collectInsightsPartial(analyzed: readonly AnalyzedReview[], business: BusinessConfig): InsightsPartial {
  let ratingSum = 0;
  let first: string | null = null;
  let newest: string | null = null;
  let updated: string | null = null;
  let ratingOnly = 0;
  let otherLanguage = 0;
  for (const { review: r, unread } of analyzed) {
    ratingSum += r.rating;
    if (first === null || r.date < first) first = r.date;
    if (newest === null || r.date > newest) newest = r.date;
    const u = reviewUpdated(r);
    if (updated === null || u > updated) updated = u;
    if (unread === 'no-text') ratingOnly++;
    if (unread === 'language') otherLanguage++;
  }
  return {
    reviewCount: analyzed.length,
    ratingSum,
    first,
    newest,
    updated,
    ratingOnly,
    otherLanguage,
    units: collectUnits(analyzed, business),
    aspects: collectAspects(analyzed, business),
    entities: collectEntities(analyzed, business),
    technicians: collectTechnicianReviews(analyzed, business),
    topics: collectTopics(analyzed),
    faq: collectFaq(analyzed, business),
    evidence: collectEvidence(analyzed),
  };
}

/** The partial of disjoint sets of reviews, from theirs (at least one). */
export function mergeInsightsPartials(parts: readonly InsightsPartial[], business: BusinessConfig): InsightsPartial {
  if (parts.length === 1) return parts[0]!;
  const sum = (of: (p: InsightsPartial) => number) => parts.reduce((n, p) => n + of(p), 0);
  const extreme = (of: (p: InsightsPartial) => string | null, later: boolean) =>
    parts.reduce<string | null>((x, p) => {
      const d = of(p);
      return d === null ? x : x === null || (later ? d > x : d < x) ? d : x;
    }, null);
  return {
    reviewCount: sum((p) => p.reviewCount),
    ratingSum: sum((p) => p.ratingSum),
    first: extreme((p) => p.first, false),
    newest: extreme((p) => p.newest, true),
    updated: extreme((p) => p.updated, true),
    ratingOnly: sum((p) => p.ratingOnly),
    otherLanguage: sum((p) => p.otherLanguage),
    units: mergeUnits(
      parts.map((p) => p.units),
      business,
    ),
    aspects: mergeAspects(
      parts.map((p) => p.aspects),
      business,
    ),
    entities: mergeEntities(
      parts.map((p) => p.entities),
      business,
    ),
    technicians: mergeTechnicianReviews(
      parts.map((p) => p.technicians),
      business,
    ),
    topics: mergeTopics(parts.map((p) => p.topics)),
    faq: mergeFaq(parts.map((p) => p.faq)),
    evidence: mergeEvidence(parts.map((p) => p.evidence)),
  };
}
