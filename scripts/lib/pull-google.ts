import type { SourceFile } from '../../core/import/imported-review.ts';
import { GOOGLE_PAGE_SIZE, GoogleReviewsPageSchema, MAX_PAGES, pageIssues } from '../../core/import/pull/pull-pages.ts';
import { cutPage, laterTime } from '../../core/import/pull/pull-state.ts';
import type { AccessTokenSource } from './google-oauth.ts';
import { PullError } from './pull-error.ts';
import { parseJsonBody, providerMessage, requestWithRetry, type PullHttpDeps, type RetrySettings } from './pull-http.ts';

export interface FetchedPages {
  /** Each page's kept reviews as a reviews.list response, for the one mapper (parseGoogleApi / parseTrustpilot). */
  files: SourceFile[];
  /** Newest change time among them (the next watermark), or undefined when none. */
  newest: string | undefined;
  pages: number;
}

export interface GooglePullOptions {
  apiBaseUrl: string;
  tokens: AccessTokenSource;
  /** Stop at reviews changed before this (the last pull's newest); undefined: read everything. */
  watermark: string | undefined;
  settings: RetrySettings;
  deps: PullHttpDeps;
  onPage?: (reviews: number) => void;
}

/** The message for a 401 / 403 / 404 of reviews.list: what is wrong and what to do. */
function refusal(status: number, location: string, text: string): PullError | null {
  const said = providerMessage(text);
  const detail = said ? ` (Google: ${said})` : '';
  if (status === 401)
    return new PullError(
      'auth',
      `reviews.list ${location}: Google refused the access token twice (401)${detail}: check the credentials (npm run import -- google --auth-help)`,
    );
  if (status === 403)
    return new PullError(
      'forbidden',
      `reviews.list ${location}: no access (403)${detail}. The Google account behind GOOGLE_REFRESH_TOKEN must own or manage this location, the token needs the business.manage scope, and the Cloud project needs Business Profile API access`,
    );
  if (status === 404)
    return new PullError(
      'not-found',
      `reviews.list ${location}: not found (404)${detail}. Check the name (accounts/<account id>/locations/<location id>) in business.json or --location`,
    );
  return null;
}

/**
 * Reads a location's reviews with `GET {base}/v4/{location}/reviews` (pageSize 50, orderBy updateTime desc,
 * nextPageToken), newest change first, stopping at the watermark. Everything is read before anything is
 * mapped or written: a failure on any page loses nothing.
 */
export async function fetchGoogleLocation(location: string, opts: GooglePullOptions): Promise<FetchedPages> {
  const files: SourceFile[] = [];
  const seenTokens = new Set<string>();
  let newest: string | undefined;
  let pageToken: string | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const what = `reviews.list ${location}, page ${page}`;
    const query = new URLSearchParams({ pageSize: String(GOOGLE_PAGE_SIZE), orderBy: 'updateTime desc', ...(pageToken && { pageToken }) });
    const url = `${opts.apiBaseUrl}/v4/${location}/reviews?${query}`;
    let res = await requestWithRetry({ url, what, headers: { authorization: `Bearer ${await opts.tokens.get()}` } }, opts.settings, opts.deps);
    if (res.status === 401) {
      // The access token expired early or was revoked: refresh once and ask again.
      opts.tokens.invalidate();
      res = await requestWithRetry({ url, what, headers: { authorization: `Bearer ${await opts.tokens.get()}` } }, opts.settings, opts.deps);
    }
    if (res.status !== 200)
      throw refusal(res.status, location, res.text) ?? new PullError('http', `${what}: HTTP ${res.status} ${providerMessage(res.text)}`.trim());
    const parsed = GoogleReviewsPageSchema.safeParse(parseJsonBody(res, what));
    if (!parsed.success)
      throw new PullError('malformed', `${what}: not a reviews.list answer: ${pageIssues(parsed.error, 'field')}; nothing was written`);
    const reviews = parsed.data.reviews ?? [];
    const cut = cutPage(
      reviews.map((r) => r.updateTime ?? r.createTime),
      opts.watermark,
    );
    const kept = reviews.slice(0, cut.keep);
    for (const r of kept) newest = laterTime(newest, r.updateTime ?? r.createTime);
    files.push({ path: `google ${location} page ${page}`, text: JSON.stringify({ reviews: kept }) });
    opts.onPage?.(kept.length);
    pageToken = parsed.data.nextPageToken || undefined;
    if (cut.stop || !pageToken) return { files, newest, pages: page };
    if (seenTokens.has(pageToken)) throw new PullError('malformed', `${what}: the same nextPageToken came back twice; nothing was written`);
    seenTokens.add(pageToken);
  }
  throw new PullError('malformed', `reviews.list ${location}: more than ${MAX_PAGES} pages; nothing was written`);
}
