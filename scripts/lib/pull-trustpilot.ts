import {
  hasTrustpilotNextPage,
  MAX_PAGES,
  pageIssues,
  TRUSTPILOT_PAGE_SIZE,
  TrustpilotReviewsPageSchema,
} from '../../core/import/pull/pull-pages.ts';
import { cutPage, laterTime } from '../../core/import/pull/pull-state.ts';
import { PullError } from './pull-error.ts';
import type { FetchedPages } from './pull-google.ts';
import { parseJsonBody, providerMessage, requestWithRetry, type PullHttpDeps, type RetrySettings } from './pull-http.ts';

export interface TrustpilotPullOptions {
  apiBaseUrl: string;
  apiKey: string;
  watermark: string | undefined;
  settings: RetrySettings;
  deps: PullHttpDeps;
  onPage?: (reviews: number) => void;
}

/** Reads TRUSTPILOT_API_KEY; a PullError saying how to get one otherwise. */
export function trustpilotKeyFromEnv(env: NodeJS.ProcessEnv): string {
  const key = env.TRUSTPILOT_API_KEY;
  if (!key)
    throw new PullError(
      'config',
      'TRUSTPILOT_API_KEY is not set (environment or .env): create an API key in Trustpilot Business (Integrations → API) — docs/import.md, "Connect once"',
    );
  return key;
}

/**
 * Reads a business unit's public reviews, `GET {base}/v1/business-units/{id}/reviews` (perPage 100,
 * orderBy createdat.desc, page 1, 2, … while the answer links a "next-page"), newest first, stopping at
 * the watermark (creation time: the order Trustpilot offers). The API key travels in the `apikey` header,
 * never in the URL. The `next-page` href itself is never followed — only its presence counts, and the next
 * URL is built from the configured base — so an answer cannot send the key to another host. Everything is
 * read before anything is written.
 */
export async function fetchTrustpilotUnit(businessUnitId: string, opts: TrustpilotPullOptions): Promise<FetchedPages> {
  const files: FetchedPages['files'] = [];
  let newest: string | undefined;
  const pagesSeen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const what = `Trustpilot reviews of business unit ${businessUnitId}, page ${page}`;
    const query = new URLSearchParams({ perPage: String(TRUSTPILOT_PAGE_SIZE), page: String(page), orderBy: 'createdat.desc' });
    const url = `${opts.apiBaseUrl}/v1/business-units/${encodeURIComponent(businessUnitId)}/reviews?${query}`;
    const res = await requestWithRetry({ url, what, headers: { apikey: opts.apiKey } }, opts.settings, opts.deps);
    const said = providerMessage(res.text);
    const detail = said ? ` (Trustpilot: ${said})` : '';
    if (res.status === 401 || res.status === 403)
      throw new PullError(
        'auth',
        `${what}: Trustpilot refused TRUSTPILOT_API_KEY (${res.status})${detail}: check the key in .env (docs/import.md, "Connect once")`,
      );
    if (res.status === 404)
      throw new PullError('not-found', `${what}: no such business unit (404)${detail}: check the id in business.json or --business-unit`);
    if (res.status !== 200) throw new PullError('http', `${what}: HTTP ${res.status}${detail}`);
    const parsed = TrustpilotReviewsPageSchema.safeParse(parseJsonBody(res, what));
    if (!parsed.success) throw new PullError('malformed', `${what}: not a reviews answer: ${pageIssues(parsed.error, 'field')}; nothing was written`);
    // A page that is an earlier page again, review for review (a provider or proxy ignoring `page`, or alternating two
    // pages): stop, as the Google pull stops on a repeated token, rather than ask up to MAX_PAGES times every night.
    // Only the exact same list: reviews read before can also come back because new ones pushed them down a page.
    const signature = JSON.stringify(parsed.data.reviews.map((r) => r.id ?? r));
    if (parsed.data.reviews.length > 0 && pagesSeen.has(signature))
      throw new PullError('malformed', `${what}: the same reviews came back as an earlier page; nothing was written`);
    pagesSeen.add(signature);
    const cut = cutPage(
      parsed.data.reviews.map((r) => r.createdAt),
      opts.watermark,
    );
    const kept = parsed.data.reviews.slice(0, cut.keep);
    for (const r of kept) newest = laterTime(newest, r.createdAt);
    files.push({ path: `trustpilot ${businessUnitId} page ${page}`, text: JSON.stringify({ reviews: kept }) });
    opts.onPage?.(kept.length);
    if (cut.stop || !hasTrustpilotNextPage(parsed.data)) return { files, newest, pages: page };
  }
  throw new PullError('malformed', `Trustpilot business unit ${businessUnitId}: more than ${MAX_PAGES} pages; nothing was written`);
}
