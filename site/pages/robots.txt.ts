import type { APIRoute } from 'astro';
import { getSiteModel } from '../lib/site-data.ts';
import { renderRobots } from '../lib/page-seo-files.ts';

/** /robots.txt */
export const GET: APIRoute = () => new Response(renderRobots(getSiteModel()), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
