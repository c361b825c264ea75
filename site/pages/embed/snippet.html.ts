import type { APIRoute } from 'astro';
import { renderWidgetSnippet } from '../../../core/widget/render-widget-snippet.ts';
import { widgetDocumentOf } from '../../lib/page-widget.ts';
import { getSiteModel } from '../../lib/site-data.ts';

/** /embed/snippet.html: the widget as static HTML to paste where scripts and iframes are stripped. */
export const GET: APIRoute = () =>
  new Response(renderWidgetSnippet(widgetDocumentOf(getSiteModel())), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
