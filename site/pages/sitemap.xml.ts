import type { APIRoute } from 'astro';
import { getSiteModel } from '../lib/site-data.ts';
import { renderSitemap } from '../lib/page-seo-files.ts';

/** /sitemap.xml */
export const GET: APIRoute = () => new Response(renderSitemap(getSiteModel()), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
