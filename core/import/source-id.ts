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
const NATIVE_ID_PLATFORMS = ['google', 'trustpilot'] as const;
type NativePlatform = (typeof NATIVE_ID_PLATFORMS)[number];

/**
 * The id of a review of a platform with an importer of its own, from the platform's review id (a Google resource
 * name, `accounts/…/reviews/<id>`, is read as its last part, as the API and Takeout read it), and the id a
 * spreadsheet import gave it before they were one (the platform name was hashed in): a record found under the
 * former id is updated, whichever importer comes first.
 */
export function nativeReviewIds(platform: NativePlatform, sourceId: string): { id: string; formerIds: string[] } {
  const bareId = platform === 'google' ? (sourceId.split('/reviews/').at(-1) ?? sourceId) : sourceId;
  const former = [...new Set([sourceId, bareId])].map((s) => deriveReviewId(ID_PREFIXES[platform], `${platform}:${s}`));
  return { id: deriveReviewId(ID_PREFIXES[platform], bareId), formerIds: former };
}

/** The id of a review a spreadsheet names by platform and `source_id` (see nativeReviewIds for Google and Trustpilot). */
export function spreadsheetReviewIds(platform: keyof typeof ID_PREFIXES, sourceId: string): { id: string; formerIds: string[] } {
  if ((NATIVE_ID_PLATFORMS as readonly string[]).includes(platform)) return nativeReviewIds(platform as NativePlatform, sourceId);
  return { id: deriveReviewId(ID_PREFIXES[platform], `${platform}:${sourceId}`), formerIds: [] };
}
