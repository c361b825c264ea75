import type { AspectId } from '../schemas/business-schema.ts';
import type { EntityInsight } from '../schemas/insights-schema.ts';
import { compareReviews } from '../model/compare-reviews.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { SummaryEvidence } from './build-summary.ts';
import { FACT_CITATIONS } from './build-summary.ts';

/**
 * The review ids behind each summary figure, newest first and capped at FACT_CITATIONS per
 * list: all reviews, rating-only, other-language, per aspect the reviews with a positive /
 * negative / any mention (the same mentions the aspect counts come from), and per technician the
 * reviews that name them.
 */
export function summaryEvidence(analyzed: readonly AnalyzedReview[], technicians: readonly EntityInsight[]): SummaryEvidence {
  const sorted = [...analyzed].sort((a, b) => compareReviews(a.review, b.review));
  const take = (keep: (a: AnalyzedReview) => boolean): string[] => {
    const out: string[] = [];
    for (const a of sorted) {
      if (out.length >= FACT_CITATIONS) break;
      if (keep(a)) out.push(a.review.id);
    }
    return out;
  };
  const aspectIds = new Set<AspectId>(analyzed.flatMap((a) => a.mentions.map((m) => m.aspect)));
  const aspects = new Map(
    [...aspectIds].map((id) => [
      id,
      {
        positive: take((a) => a.mentions.some((m) => m.aspect === id && m.polarity === 'positive')),
        negative: take((a) => a.mentions.some((m) => m.aspect === id && m.polarity === 'negative')),
        any: take((a) => a.mentions.some((m) => m.aspect === id)),
      },
    ]),
  );
  return {
    all: take(() => true),
    ratingOnly: take((a) => a.unread === 'no-text'),
    otherLanguage: take((a) => a.unread === 'language'),
    aspects,
    technicians: new Map(technicians.map((t) => [t.id, take((a) => a.review.technicians.some((x) => x.id === t.id))])),
  };
}
