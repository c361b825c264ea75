import type { ManifestDocument } from './build-manifest-schema.ts';
import { renderWidgetDocument } from '../widget/render-widget-document.ts';
import { renderAtom } from '../feeds/render-atom.ts';
import { documentJson } from '../feeds/document-json.ts';
import { renderJsonFeed } from '../feeds/render-json-feed.ts';
import { renderReviewsDocument, renderSinceDocument } from '../feeds/render-reviews-document.ts';
import type { SiteBase, SiteModel } from '../model/build-site-model.ts';
import { addDays, dateRange } from '../model/calendar.ts';
import { latestDate } from '../model/latest-date.ts';
import { DOCUMENT_PATHS, FEED_SIZE, SINCE_PREFIX, contentTypeOf } from '../model/published-paths.ts';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';

/** One published document: its URL path, its bytes (as text) and the date its data last changed. */
export interface RenderedDocument {
  path: string;
  contentType: string;
  body: string;
  /** Newest data date behind the document; null when it holds no reviews. */
  updated: string | null;
  /** Kind, for checks: which schema validates it. */
  kind: ManifestDocument['kind'];
}

/** Calendar dates that get a prebuilt since file: the last `windowDays` days up to the newest review. */
export function sinceWindow(model: Pick<SiteModel, 'reviews'>, windowDays: number): string[] {
  const newest = model.reviews[0]?.date;
  if (!newest || windowDays <= 0) return [];
  return dateRange(addDays(newest, -(windowDays - 1)), newest);
}

/** Files of a build that are not rendered from the model: the widget script, compiled by the build script. */
export interface BuildAssets {
  /** JavaScript of /widget.js; the document is left out when absent (unit tests). */
  widgetScript?: string;
}

/**
 * Renders every data document of a build, in the manifest's order (`inManifestOrder`). Compact JSON: the bytes are
 * what ETags hash, and object key order is fixed by the renderers, so the same content gives the same bytes.
 */
export function renderDocuments(model: SiteModel, windowDays: number, assets: BuildAssets = {}): RenderedDocument[] {
  return inManifestOrder(renderReviewDocuments(model, windowDays, assets), renderInsightsDocuments(model));
}

/** The documents that read the insights, `/insights.json` first, then `/widget.json` (it says what customers say per aspect). */
export function renderInsightsDocuments(model: SiteModel): RenderedDocument[] {
  const widget = renderWidgetDocument(renderReviewsDocument(model), model.baseUrl, model.insights);
  return [
    document(DOCUMENT_PATHS.insights, 'insights', JSON.stringify(model.insights), model.updated),
    document(DOCUMENT_PATHS.widget, 'widget', JSON.stringify(widget), model.updated),
  ];
}

/** How many documents renderInsightsDocuments renders (the build's writer orders them by it). */
export const INSIGHTS_DOCUMENTS = 2;

/**
 * Every other document: they need only the published reviews (`SiteBase`), so the build renders and writes them
 * while the insights are aggregated. `/reviews.json` comes first.
 */
export function renderReviewDocuments(model: SiteBase, windowDays: number, assets: BuildAssets = {}): RenderedDocument[] {
  const feedUpdated = latestDate(model.reviews.slice(0, FEED_SIZE));
  const reviewsDocument = renderReviewsDocument(model);
  const docs = [
    document(DOCUMENT_PATHS.reviews, 'reviews', documentJson(reviewsDocument), model.updated),
    document(DOCUMENT_PATHS.jsonFeed, 'json-feed', JSON.stringify(renderJsonFeed(model)), feedUpdated),
    document(DOCUMENT_PATHS.atom, 'atom', renderAtom(model), feedUpdated),
    document(DOCUMENT_PATHS.openapi, 'openapi', JSON.stringify(buildOpenApiDocument(model.baseUrl)), null),
  ];
  if (assets.widgetScript !== undefined) docs.push(document(DOCUMENT_PATHS.widgetScript, 'widget-script', assets.widgetScript, null));
  for (const date of sinceWindow(model, windowDays)) {
    const since = renderSinceDocument(model.reviews, date);
    docs.push(document(`${SINCE_PREFIX}${date}`, 'since', documentJson(since), since.updated));
  }
  return docs;
}

/** The manifest's order of a build's documents (entries or bodies alike): `/reviews.json`, `/insights.json` and `/widget.json`, then the rest. */
export function inManifestOrder<T>(reviewDocuments: readonly T[], insightsDocuments: readonly T[]): T[] {
  return [reviewDocuments[0]!, ...insightsDocuments, ...reviewDocuments.slice(1)];
}

function document(path: string, kind: RenderedDocument['kind'], body: string, updated: string | null): RenderedDocument {
  return { path, contentType: contentTypeOf(path), body, updated, kind };
}
