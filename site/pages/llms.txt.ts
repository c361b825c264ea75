import type { APIRoute } from 'astro';
import { getSiteModel } from '../lib/site-data.ts';
import { renderLlmsTxt } from '../lib/page-seo-files.ts';

/** /llms.txt: points agents at the MCP endpoint and the JSON documents. */
export const GET: APIRoute = () => new Response(renderLlmsTxt(getSiteModel()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
