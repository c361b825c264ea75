import { issuesFull, type ContentIssue } from '../content/content-error.ts';
import { mapGoogleReview } from './map-google-review.ts';
import { parseJsonFile, type ImportContext, type ImportedReview, type SourceFile, type SourceParseResult } from './imported-review.ts';

/**
 * True for the review files of a Google Takeout export, given their path relative to the folder the owner
 * named (`Takeout/`, its `Google Business Profile/` subfolder, or the folder holding `Takeout/`):
 * `…/account-*\/location-*\/reviews*.json`. Every other product in the export is ignored.
 */
export function isTakeoutReviewFile(relativePath: string): boolean {
  const p = relativePath.replace(/\\/g, '/');
  return /^(Takeout\/)?((Google Business Profile|Google My Business)\/)?account-[^/]+\/location-[^/]+\/reviews[^/]*\.json$/i.test(p);
}

/**
 * Parses the review files of a Takeout export (`{"reviews":[Review…]}` each). The same review under two
 * account folders (two accounts managing one location) is returned twice; the import keeps the copy
 * with the later `updateTime`.
 */
export function parseGoogleTakeout(files: readonly SourceFile[], ctx: ImportContext): SourceParseResult {
  const issues: ContentIssue[] = [];
  const reviews: ImportedReview[] = [];
  const mixed = severalLocations(files);
  if (mixed) return { reviews, issues: [mixed] };
  for (const file of files) {
    const json = parseJsonFile(file, issues);
    if (json === undefined) continue;
    const list = (json as { reviews?: unknown })?.reviews;
    if (list === undefined) continue; // a location without reviews has an empty or review-less file
    if (!Array.isArray(list)) {
      issues.push({ file: file.path, field: 'reviews', message: 'must be an array of reviews' });
      continue;
    }
    for (let i = 0; i < list.length && !issuesFull(issues, file.path); i++) {
      const mapped = mapGoogleReview(list[i], { file: file.path, path: `reviews.${i}` }, ctx, issues);
      if (mapped) reviews.push(mapped);
    }
  }
  return { reviews, issues };
}

/**
 * A problem when the files hold more than one location (`location-*` folders): an export of an account managing
 * several businesses brought every location's reviews into one content folder (a bakery's among a roofer's). One
 * location's folder at a time, so each business's content holds its own reviews. Two accounts managing one location
 * give one location folder under each, which is fine.
 */
function severalLocations(files: readonly SourceFile[]): ContentIssue | null {
  const locations = [...new Set(files.flatMap((f) => /(?:^|\/)(location-[^/]+)\//i.exec(f.path.replace(/\\/g, '/'))?.[1] ?? []))].sort();
  if (locations.length < 2) return null;
  return {
    file: files[0]!.path,
    message: `this export holds the reviews of ${locations.length} locations (${locations.join(', ')}): import the folder of your business's location alone (…/account-…/${locations[0]}/)`,
  };
}
