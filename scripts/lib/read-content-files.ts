import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ContentError } from '../../core/content/content-error.ts';
import { parseContent, type ContentFile, type ParsedContent } from '../../core/content/parse-content.ts';
import { listReviewFiles } from '../../site/lib/read-content-dir.ts';

export interface ContentFiles {
  dir: string;
  /** `reviews/` as shown in messages (relative to the working directory). */
  reviewsDir: string;
  business: ContentFile;
  reviews: ContentFile[];
  /** The same files, validated: import and verify refuse to touch content that does not build. */
  parsed: ParsedContent;
}

/** How a path appears in messages: relative to the working directory. */
export const shownPath = (p: string): string => relative(process.cwd(), p) || p;

/** Reads a content folder as text (import and verify rewrite lines of it) and validates it. */
export function readContentFiles(dir: string): ContentFiles {
  const businessPath = join(dir, 'business.json');
  let businessText: string;
  try {
    businessText = readFileSync(businessPath, 'utf8');
  } catch {
    throw new ContentError([{ file: shownPath(businessPath), message: 'missing: every content folder needs a business.json' }]);
  }
  const business = { path: shownPath(businessPath), text: businessText };
  const reviews = listReviewFiles(dir).map((p) => ({ path: shownPath(p), text: readFileSync(p, 'utf8') }));
  return { dir, reviewsDir: shownPath(join(dir, 'reviews')), business, reviews, parsed: parseContent(business, reviews) };
}
