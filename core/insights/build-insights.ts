import type { BusinessConfig } from '../schemas/business-schema.ts';
import type { InsightsDocument } from '../schemas/insights-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import { aggregateAspects, round2 } from './aggregate-aspects.ts';
import { absaModel, type AbsaModel } from './model/absa-model.ts';
import { quantifyAspects } from './quantify-aspects.ts';
import { SHARE_RULES } from './quantify/share-rules.ts';
import { rankTechnicians } from './rank-technicians.ts';
import { aggregateEntities } from './aggregate-entities.ts';
import { analyzeReview, type AnalyzedReview } from './analyze-review.ts';
import { collectInsightsPartial, type InsightsPartial } from './insights-partial.ts';
import { compileAspectLexicon, type AspectLexicon } from './aspect-lexicon.ts';
import { buildFaq } from './build-faq.ts';
import { buildSummary } from './build-summary.ts';
import { extractTopics } from './extract-topics.ts';
import { quarterOf, quarterRange } from './quarter.ts';
import { summaryEvidence } from './summary-evidence.ts';

/** Engine name and version published in `method.engine`; bump when results can change. */
export const ENGINE = 'shingle-absa/3.8';

const METHOD =
  'Rule-based aspect sentiment: each sentence is tokenized and scored with the VADER lexicon plus a hand-written ' +
  'review and roofing lexicon, with rules for negation scope, contrast, intensifiers, counterfactuals and ' +
  'context-dependent domain words (leaks, leftover nails, "on time", "came back"). Aspect terms come from the ' +
  "business's aspect lexicon; each mention's rule score is the opinion weighted by its distance to the term within " +
  'its clause. A learned layer trained on a labelled roofing corpus (logistic regression over words, lexicon and rule ' +
  'features) then decides which aspects each sentence speaks of and, stacked on the rule score, their polarity. Its ' +
  'probabilities are calibrated on writers it did not learn from. Shares are not counts of its readings: each aspect’s ' +
  'positive and negative opinions are estimated from the calibrated probabilities and corrected for the reader’s measured ' +
  'error rates (PACC), with 90% intervals from a seeded bootstrap over the reviews and the rates; below 30 estimated ' +
  'opinions no share is given. A top complaint or most praised aspect is named only when it leads in 80% of the bootstrap ' +
  'replicates. Rating-only reviews count in ratings, never as aspect opinions. Quotes are verbatim sentences of the cited ' +
  'reviews, and only readings sure enough to be right 95% of the time on held-out writers are quoted.';

/** Reads one review for the aggregations: `analyzeReview`, or a caller's memoized stand-in for it. */
export type ReviewAnalyzer = (review: Review, business: BusinessConfig, lexicon: AspectLexicon) => AnalyzedReview;

/**
 * Builds /insights.json (all but the moderation record, which the site model adds) from verified, published reviews: aspect sentiment with trends and
 * quotes, entities, topics, evidence-backed FAQ and an extractive summary. Pure and deterministic:
 * no clock (`updated` is the newest date the reviews carry, `latestDate`), no I/O, stable ordering everywhere. `analyze` must return
 * what `analyzeReview` would — at least the fields the `AnalyzedReview` type names (the test fixtures, which
 * build the same sample reviews dozens of times, pass a memoized one); the aggregations only read its results.
 * The build makes the same document from partials of blocks of reviews (insightsFromPartial).
 */
export function buildInsights(
  input: { business: BusinessConfig; reviews: Review[] },
  analyze: ReviewAnalyzer = analyzeReview,
  model: AbsaModel = absaModel(),
): Omit<InsightsDocument, 'moderation'> {
  const { business, reviews } = input;
  const lexicon = compileAspectLexicon(business);
  return insightsFromPartial(
    collectInsightsPartial(
      reviews.map((r) => analyze(r, business, lexicon)),
      business,
    ),
    business,
    model,
  );
}

/** The insights of the reviews `partial` was collected from (collectInsightsPartial, mergeInsightsPartials). */
export function insightsFromPartial(
  partial: InsightsPartial,
  business: BusinessConfig,
  model: AbsaModel = absaModel(),
): Omit<InsightsDocument, 'moderation'> {
  // The periods run from the oldest review written to the newest; `updated` is when the data last changed, as
  // reviews.json says it (a review verified or replied to later changes what the insights are drawn from).
  const { first, newest, reviewCount } = partial;
  const periods = first && newest ? quarterRange(quarterOf(first), quarterOf(newest)) : [];
  const quantified = quantifyAspects(partial.units, business, model);
  const aspects = aggregateAspects(partial.aspects, business, periods, quantified);
  const entities = aggregateEntities(partial.entities, business);
  const averageRating = reviewCount ? round2(partial.ratingSum / reviewCount) : null;
  const technicians = rankTechnicians(partial.technicians, entities.technicians, averageRating ?? 0);
  return {
    version: '1.0.0',
    updated: partial.updated,
    method: describeMethod(model),
    reviewCount,
    aspects,
    entities,
    topics: extractTopics(partial.topics, periods),
    faq: buildFaq(partial.faq, aspects),
    summary: buildSummary({
      reviewCount,
      averageRating,
      ratingOnly: partial.ratingOnly,
      otherLanguage: partial.otherLanguage,
      aspects,
      worst: quantified.estimates.worst,
      best: quantified.estimates.best,
      standout: technicians.standout,
      comparedTechnicians: technicians.compared,
      evidence: summaryEvidence(partial.evidence, entities.technicians, partial.technicians),
    }),
  };
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;
const pct1 = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/** `method`: what read the reviews and how the published figures were made from its readings. */
export function describeMethod(model: AbsaModel): InsightsDocument['method'] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return {
    engine: ENGINE,
    description: METHOD,
    reader: `shingle-absa-model v${model.version}${model.category ? '' : ' (rules only)'}${model.features ? `, feature definitions ${model.features}` : ''}`,
    calibration: model.calibrated
      ? `Platt scaling (mentions: slope ${model.calibration.mention.slope}, intercept ${model.calibration.mention.intercept}) and temperature scaling (polarity: T = ${model.calibration.polarity.temperature}), fitted on writer-held-out predictions`
      : 'none (raw probabilities)',
    quantifier: model.rates
      ? 'PACC (probabilistic adjusted classify-and-count) per aspect for positive and negative opinions, rates measured by writer-held-out cross-fitting; ' +
        `the intervals add the error left between held-out writers (standard deviation ${round4(model.shiftSd)}: ${model.shiftScale} times the ` +
        `measured ${round4(model.shiftSd / model.shiftScale)}` +
        (model.lowestWriterCoverage === null
          ? ')'
          : `, so that every training writer's shares are covered at least ${pct1(model.lowestWriterCoverage)} of the time)`) +
        (model.shiftShared > 0
          ? `; about ${pct(model.shiftShared)} of its variance moves all aspects of a business together, as measured across held-out writers: that part leaves each interval as wide and does not decide which aspect is worst`
          : '')
      : 'none: no share is published',
    intervalLevel: SHARE_RULES.level,
    minOpinions: SHARE_RULES.minOpinions,
    quotes: model.quotes
      ? `only readings whose calibrated claim confidence reaches ${model.quotes.threshold.positive} (praise) or ${model.quotes.threshold.negative} (complaints), chosen for ${pct(model.quotes.precision)} precision on held-out writers`
      : 'none: the reader has no measured quote threshold',
  };
}
