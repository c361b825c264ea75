import type { SiteModel } from '../../core/model/build-site-model.ts';
import { reviewArchivePath } from '../../core/model/review-permalink.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { formatMonth } from './page-format.ts';

/** Reviews per static listing page (/reviews/, /reviews/page/2/, …). */
export const PAGE_SIZE = 50;
/** Page numbers the pagination shows on either side of the current page. */
export const NAV_REACH = 2;
/** Newest reviews shown on the home page (and listed in its JSON-LD). */
export const HOME_REVIEW_COUNT = 6;

export interface MonthArchive {
  /** "2024-06" */
  month: string;
  label: string;
  path: string;
  reviews: Review[];
}

/** Derived, page-ready views of the model, computed once per build (not once per page). */
export interface PageData {
  /**
   * Listing pages numbered from the oldest review, so a page keeps its reviews (and its bytes) when new ones
   * arrive: pages[0] is /reviews/page/1/, the oldest PAGE_SIZE reviews; only the last, the newest, may be short.
   * Each page lists its reviews newest first. /reviews/ shows the newest PAGE_SIZE, whichever pages hold them.
   */
  pages: Review[][];
  /** Month archives, newest first. */
  months: MonthArchive[];
  monthByKey: Map<string, MonthArchive>;
}

const cache = new WeakMap<SiteModel, PageData>();

/** Page-ready views of a site model; memoised per model so 2,000 listing pages cost one pass. */
export function getPageData(model: SiteModel): PageData {
  const hit = cache.get(model);
  if (hit) return hit;
  const pages: Review[][] = [];
  // model.reviews is newest first; page k (1-based) holds reviews (k-1)·PAGE_SIZE … k·PAGE_SIZE−1 counted from
  // the oldest, so only the newest page is ever short and new reviews never move a review to another page.
  const n = model.reviews.length;
  const count = Math.max(1, Math.ceil(n / PAGE_SIZE));
  for (let k = 1; k <= count; k++) pages.push(model.reviews.slice(Math.max(0, n - k * PAGE_SIZE), n - (k - 1) * PAGE_SIZE));
  // Reviews are newest first, so months come out newest first and each month keeps the same order.
  const monthByKey = new Map<string, MonthArchive>();
  for (const review of model.reviews) {
    const month = review.date.slice(0, 7);
    let archive = monthByKey.get(month);
    if (!archive) {
      archive = { month, label: formatMonth(month), path: reviewArchivePath(review.date), reviews: [] };
      monthByKey.set(month, archive);
    }
    archive.reviews.push(review);
  }
  const data: PageData = { pages, months: [...monthByKey.values()], monthByKey };
  cache.set(model, data);
  return data;
}

/** The latest listing page: the newest PAGE_SIZE reviews, with the totals, the filters and the month index. */
export const LATEST_LISTING_PATH = '/reviews/';

/** URL path of listing page `n` (1-based, counted from the oldest review). */
export function listingPath(n: number): string {
  return `/reviews/page/${n}/`;
}

/** The listing page (counted from the oldest) that shows the review at `index` of the newest-first list of `count`. */
export function pageOfIndex(index: number, count: number): number {
  return Math.floor((count - 1 - index) / PAGE_SIZE) + 1;
}

/** Number of the first review on page `n`, counted from the oldest (1-based). */
export function firstOnPage(n: number): number {
  return (n - 1) * PAGE_SIZE + 1;
}

/** Month archives grouped by year, newest year first: the "browse by month" index. */
export function monthsByYear(months: readonly MonthArchive[]): { year: string; months: MonthArchive[] }[] {
  const years = new Map<string, MonthArchive[]>();
  for (const m of months) {
    const y = m.month.slice(0, 4);
    years.set(y, [...(years.get(y) ?? []), m]);
  }
  return [...years].map(([year, list]) => ({ year, months: list }));
}
