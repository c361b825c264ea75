import { renderReviewsDocument } from '../../core/feeds/render-reviews-document.ts';
import type { SiteModel } from '../../core/model/build-site-model.ts';
import { renderWidgetDocument } from '../../core/widget/render-widget-document.ts';
import type { WidgetDocument } from '../../core/widget/widget-document-schema.ts';

const cache = new WeakMap<SiteModel, WidgetDocument>();

/** The /widget.json content of this build, for the pages that show it without JavaScript (/embed/). */
export function widgetDocumentOf(model: SiteModel): WidgetDocument {
  let doc = cache.get(model);
  if (!doc) cache.set(model, (doc = renderWidgetDocument(renderReviewsDocument(model), model.baseUrl, model.insights)));
  return doc;
}
