import { createHash } from 'node:crypto';

/**
 * A review id derived from the source's own id, so importing the same review again finds the same
 * record: `<prefix>-<16 hex digits of SHA-256(sourceId)>`. Hashing keeps ids valid slugs whatever the
 * source uses (Google ids are long and case-sensitive) and does not leak them into URLs.
 */
export function deriveReviewId(prefix: string, sourceId: string): string {
  return `${prefix}-${createHash('sha256').update(sourceId).digest('hex').slice(0, 16)}`;
}

/** Id prefixes per platform: short, stable, and telling where a review came from. */
export const ID_PREFIXES = {
  google: 'g',
  yelp: 'y',
  facebook: 'fb',
  bbb: 'bbb',
  angi: 'an',
  nextdoor: 'nd',
  website: 'w',
  email: 'em',
  trustpilot: 'tp',
  houzz: 'hz',
  paper: 'pc',
} as const;

/**
 * Platforms with an importer of their own (Google: the API and Takeout; Trustpilot: the API), which derive the id
 * from the platform's bare review id. A spreadsheet row of those platforms whose `source_id` is that id must give
 * the same record, or one review would be published twice.
 */
const NATIVE_ID_PLATFORMS: ReadonlySet<string> = new Set(['google', 'trustpilot']);

/**
 * The id of a review a spreadsheet names by platform and `source_id`, and the id earlier versions gave it (the
 * platform name was hashed in for every platform): a record found under the former id is updated, not doubled.
 */
export function spreadsheetReviewIds(platform: keyof typeof ID_PREFIXES, sourceId: string): { id: string; formerIds: string[] } {
  const prefixed = deriveReviewId(ID_PREFIXES[platform], `${platform}:${sourceId}`);
  if (!NATIVE_ID_PLATFORMS.has(platform)) return { id: prefixed, formerIds: [] };
  return { id: deriveReviewId(ID_PREFIXES[platform], sourceId), formerIds: [prefixed] };
}
