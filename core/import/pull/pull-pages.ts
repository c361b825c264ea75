import { z } from 'zod';

export { GoogleLocationSchema, TrustpilotBusinessUnitSchema } from '../../schemas/pull-sources-schema.ts';

/** Largest `pageSize` reviews.list accepts (Business Profile API v4). */
export const GOOGLE_PAGE_SIZE = 50;
/** Largest `perPage` the Trustpilot business-unit reviews endpoint accepts. */
export const TRUSTPILOT_PAGE_SIZE = 100;
/** A provider that never stops paging is a bug or an attack: no pull reads more pages than this. */
export const MAX_PAGES = 10_000;

/**
 * The envelope of a reviews.list page (ListReviewsResponse): the reviews themselves are checked by the
 * one mapper (mapGoogleReview), the envelope here, so a malformed page fails before anything is written.
 */
export const GoogleReviewsPageSchema = z.object({
  reviews: z.array(z.object({ updateTime: z.string().optional(), createTime: z.string() }).loose()).optional(),
  averageRating: z.number().optional(),
  totalReviewCount: z.number().optional(),
  nextPageToken: z.string().optional(),
});

/** A page of `GET /v1/business-units/{id}/reviews`: the reviews and the HATEOAS `links` (rel "next-page"). */
export const TrustpilotReviewsPageSchema = z.object({
  reviews: z.array(z.object({ createdAt: z.string(), updatedAt: z.string().nullish() }).loose()),
  links: z.array(z.object({ href: z.string().optional(), rel: z.string().optional(), method: z.string().optional() }).loose()).optional(),
});
export type TrustpilotReviewsPage = z.infer<typeof TrustpilotReviewsPageSchema>;

/** True when the page links to a next page (the documented `rel: "next-page"`) and is not empty. */
export function hasTrustpilotNextPage(page: TrustpilotReviewsPage): boolean {
  return page.reviews.length > 0 && (page.links ?? []).some((l) => l.rel === 'next-page');
}

/** The message of a malformed page: which page, which field. */
export function pageIssues(error: z.ZodError, where: string): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${where} ${i.path.join('.') || '(page)'}: ${i.message}`)
    .join('; ');
}
