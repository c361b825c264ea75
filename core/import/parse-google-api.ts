import { issuesFull, type ContentIssue } from '../content/content-error.ts';
import { mapGoogleReview } from './map-google-review.ts';
import { parseJsonFile, type ImportContext, type ImportedReview, type SourceFile, type SourceParseResult } from './imported-review.ts';

/**
 * Parses saved responses of the Business Profile API: `accounts.locations.reviews.list`
 * (`{reviews:[Review…], nextPageToken?}`) and `accounts.locations.batchGetReviews`
 * (`{locationReviews:[{name, review}…], nextPageToken?}`), one page per file.
 */
export function parseGoogleApi(files: readonly SourceFile[], ctx: ImportContext): SourceParseResult {
  const issues: ContentIssue[] = [];
  const reviews: ImportedReview[] = [];
  for (const file of files) {
    const json = parseJsonFile(file, issues) as { reviews?: unknown; locationReviews?: unknown } | undefined;
    if (json === undefined) continue;
    const add = (raw: unknown, path: string) => {
      if (issuesFull(issues, file.path)) return;
      const mapped = mapGoogleReview(raw, { file: file.path, path }, ctx, issues);
      if (mapped) reviews.push(mapped);
    };
    if (Array.isArray(json?.reviews)) json.reviews.forEach((r, i) => add(r, `reviews.${i}`));
    else if (Array.isArray(json?.locationReviews))
      json.locationReviews.forEach((lr, i) => add((lr as { review?: unknown })?.review, `locationReviews.${i}.review`));
    else if (json && typeof json === 'object' && Object.keys(json).every((k) => ['nextPageToken', 'averageRating', 'totalReviewCount'].includes(k)))
      continue;
    else
      issues.push({
        file: file.path,
        field: 'reviews',
        message: 'expected a reviews.list or batchGetReviews response (`reviews` or `locationReviews` array)',
      });
  }
  return { reviews, issues };
}
