import type { SiteModel } from '../../core/model/build-site-model.ts';
import { reviewArchivePath } from '../../core/model/review-permalink.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { formatMonth } from './page-format.ts';

/** Reviews per static listing page (/reviews/, /reviews/page/2/, …). */
export const PAGE_SIZE = 50;
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
  /** reviews split into listing pages; pages[0] is /reviews/. */
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
  for (let i = 0; i < model.reviews.length; i += PAGE_SIZE) pages.push(model.reviews.slice(i, i + PAGE_SIZE));
  if (pages.length === 0) pages.push([]);
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

/** URL path of listing page `n` (1-based). */
export function listingPath(n: number): string {
  return n <= 1 ? '/reviews/' : `/reviews/page/${n}/`;
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
