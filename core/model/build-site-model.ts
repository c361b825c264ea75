import type { LocatedRecord, ParsedContent, RecordFacts } from '../content/parse-content.ts';
import type { AggregateRating } from '../schemas/aggregate-rating-schema.ts';
import type { Business, BusinessConfig } from '../schemas/business-schema.ts';
import type { InsightsDocument } from '../schemas/insights-schema.ts';
import type { ModerationRecord } from '../schemas/moderation-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import { computeAggregateRating } from './aggregate-rating.ts';
import { latestDate } from './latest-date.ts';
import { buildModerationRecord } from './moderation-record.ts';
import { publishReviews, type ExtractMentions, type HeldBackReview, type PublishResult } from './publish-reviews.ts';

/** Everything the documents and pages are rendered from: one model, many renderers. */
export interface SiteModel {
  baseUrl: string;
  businessConfig: BusinessConfig;
  business: Business;
  reviews: Review[];
  aggregateRating: AggregateRating;
  insights: InsightsDocument;
  /** Newest date in the data; drives every "updated"/Last-Modified value so builds are reproducible. */
  updated: string | null;
  heldBack: HeldBackReview[];
  /** What happened to every review received (published in reviews.json, insights.json, OpenAPI, home page). */
  moderation: ModerationRecord;
}

export interface ModelEngines {
  extractMentions: ExtractMentions;
  buildInsights: (input: { business: BusinessConfig; reviews: Review[] }) => Omit<InsightsDocument, 'moderation'>;
}

/** The published business: the config without the insights lexicon. */
export function toPublicBusiness(config: BusinessConfig): Business {
  const { aspects, timeZone: _zone, pull: _pull, locale: _locale, ...rest } = config;
  return { ...rest, aspects: aspects.map(({ id, label, description }) => ({ id, label, description })) };
}

/**
 * The model without its insights: everything the reviews' own documents (reviews.json, the feeds, the since files,
 * the widget's) are rendered from, known as soon as the reviews are published — the build starts writing those
 * while the insights are still being aggregated.
 */
export type SiteBase = Omit<SiteModel, 'insights'>;

/** The site model's base from parsed content and `published` (what `publishReviews` returns for it). */
export function buildSiteBase(
  content: Pick<ParsedContent, 'business'> & { records: readonly LocatedRecord<RecordFacts>[] },
  baseUrl: string,
  published: PublishResult,
): SiteBase {
  const { reviews, heldBack } = published;
  return {
    baseUrl,
    businessConfig: content.business,
    business: toPublicBusiness(content.business),
    reviews,
    aggregateRating: computeAggregateRating(reviews),
    updated: latestDate(reviews),
    heldBack,
    moderation: buildModerationRecord(content.records.map((r) => r.record)),
  };
}

/**
 * Builds the site model from parsed content; pure given the engines. `base` is what `buildSiteBase` returns for
 * the same content, when the caller has it already (the build publishes first, to read every review on worker
 * threads and to write the reviews' documents while the insights are aggregated).
 */
export function buildSiteModel(
  content: ParsedContent,
  baseUrl: string,
  engines: ModelEngines,
  base: SiteBase = buildSiteBase(content, baseUrl, publishReviews(content.records, content.business, baseUrl, engines.extractMentions)),
): SiteModel {
  return completeSiteModel(base, engines.buildInsights);
}

/**
 * The site model from its base: the insights aggregated over the base's reviews. The build calls it with the base
 * alone, so the content's records (their objects; the published reviews share their strings) can be collected
 * before the aggregation's peak.
 */
export function completeSiteModel(base: SiteBase, buildInsights: ModelEngines['buildInsights']): SiteModel {
  return { ...base, insights: { ...buildInsights({ business: base.businessConfig, reviews: base.reviews }), moderation: base.moderation } };
}
