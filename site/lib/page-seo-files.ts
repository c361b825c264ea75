/** Renderers of /sitemap.xml, /robots.txt and /llms.txt: pure functions of the site model. */
import type { SiteModel } from '../../core/model/build-site-model.ts';
import { escapeHtml } from '../../core/feeds/escape-html.ts';
import { latestDate } from '../../core/model/latest-date.ts';
import { VERIFICATION_PROMISE } from '../../core/model/moderation-record.ts';
import { DOCUMENT_PATHS, FEED_SIZE, FIND_PATH, HUB_PATH, MCP_PATH, SEARCH_PATH, SINCE_PREFIX } from '../../core/model/published-paths.ts';
import { getPageData, LATEST_LISTING_PATH, listingPath } from './page-data.ts';
import { formatRating, plural } from './page-format.ts';
import { mcpTools } from './page-mcp-tools.ts';

/** Sitemap protocol 0.9 (sitemaps.org): every HTML page, lastmod from the data. */
export function renderSitemap(model: SiteModel): string {
  const { pages, months } = getPageData(model);
  const entries: { path: string; lastmod: string | null }[] = [
    { path: '/', lastmod: model.updated },
    { path: LATEST_LISTING_PATH, lastmod: model.updated },
    ...pages.map((p, i) => ({ path: listingPath(i + 1), lastmod: latestDate(p) ?? model.updated })),
    ...months.map((m) => ({ path: m.path, lastmod: latestDate(m.reviews) })),
    { path: '/developers/', lastmod: null },
  ];
  const urls = entries.map(
    (e) => `<url><loc>${escapeHtml(`${model.baseUrl}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt (RFC 9309): everything may be crawled; the sitemap is announced. */
export function renderRobots(model: SiteModel): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${model.baseUrl}/sitemap.xml\n`;
}

/** llms.txt (llmstxt.org): what this site is and how an agent should read it — MCP first, then the JSON. */
export function renderLlmsTxt(model: SiteModel): string {
  const b = model.business;
  const base = model.baseUrl;
  const rating = model.aggregateRating;
  const tools = mcpTools()
    .map((t) => t.name)
    .join(', ');
  const example = model.reviews[0] ? `${model.reviews[0].date.slice(0, 7)}-01` : '2024-01-01';
  // Markdown from content: strip characters that would change the structure of a one-line blockquote.
  const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
  return [
    `# ${oneLine(b.name)} — verified customer reviews`,
    '',
    `> ${oneLine(b.description ?? b.name)} ${plural(rating.count, 'verified review')}, ${formatRating(rating.average)} out of 5 on average. ${VERIFICATION_PROMISE}`,
    '',
    'All data is public and read-only: no account, key or SDK. Prefer the MCP endpoint or the JSON documents to scraping the HTML pages.',
    '',
    '## MCP',
    '',
    `- [MCP endpoint](${base}${MCP_PATH}): Model Context Protocol over streamable HTTP (POST, JSON-RPC 2.0, protocol 2025-06-18). Send \`Accept: application/json, text/event-stream\` and the \`Mcp-Session-Id\` from initialize. Tools: ${tools}.`,
    '',
    '## Data',
    '',
    `- [reviews.json](${base}${DOCUMENT_PATHS.reviews}): business, aggregate rating and every verified review, newest first. Revalidate with ETag / If-None-Match.`,
    `- [insights.json](${base}${DOCUMENT_PATHS.insights}): aspect sentiment with quotes, technicians, services, service areas, topics, FAQ and summary; every figure cites review ids.`,
    `- [Search](${base}${SEARCH_PATH}?query=leak&limit=5): GET with rating, min_rating, since, until, query, mentions_technician, mentions_service, limit (1–100).`,
    `- [Ranked search](${base}${FIND_PATH}?q=leak+repair&limit=5): GET with q (words; typos, prefixes, technician and service names understood) and limit; best match first, with score and highlights. An extension beyond the spec; the MCP tool find_reviews is the same.`,
    `- [Since a date](${base}${SINCE_PREFIX}${example}): reviews on or after YYYY-MM-DD, for incremental sync.`,
    `- [JSON Feed](${base}${DOCUMENT_PATHS.jsonFeed}) and [Atom](${base}${DOCUMENT_PATHS.atom}): the ${FEED_SIZE} newest reviews; WebSub hub at ${base}${HUB_PATH}.`,
    `- [OpenAPI 3.1](${base}${DOCUMENT_PATHS.openapi}): the whole HTTP interface.`,
    '',
    '## Pages',
    '',
    `- [Home](${base}/): rating, charts, FAQ and newest reviews.`,
    `- [All reviews](${base}/reviews/): paginated; each review's permalink is /reviews/YYYY-MM/#<review-id>.`,
    `- [Developers](${base}/developers/): examples for every access path.`,
    '',
  ].join('\n');
}
