import { analyzeReview, type AnalyzedReview } from '../../core/insights/analyze-review.ts';
import type { ReviewAnalyzer } from '../../core/insights/build-insights.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';

/**
 * `analyzeReview`, remembered for the life of the test worker. The in-process fixture builds read the sample
 * reviews again and again (31 builds in the integration tests, each adding a review or two): reading them
 * was over half of each build's CPU, about 10 s of a full run. A review is read once per business
 * configuration and review content (its permalink aside); the aggregations still run on every build.
 *
 * What is remembered is frozen, so an aggregation that started changing the analysis it is given would
 * throw in the tests instead of leaking one build's changes into the next.
 */
const analyses = new Map<string, Omit<AnalyzedReview, 'review'>>();
const businessKeys = new WeakMap<BusinessConfig, string>();

export const memoizedAnalyzeReview: ReviewAnalyzer = (review, business, lexicon) => {
  let businessKey = businessKeys.get(business);
  if (businessKey === undefined) businessKeys.set(business, (businessKey = JSON.stringify(business)));
  // The permalink is the one field that changes with the base URL (every hub test has its own port), and
  // reading a review never looks at it.
  const key = `${businessKey}\n${JSON.stringify({ ...review, url: null })}`;
  let known = analyses.get(key);
  if (known === undefined) {
    const { review: _, ...rest } = analyzeReview(review, business, lexicon);
    analyses.set(key, (known = deepFreeze(rest)));
  }
  return { review, ...known };
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
