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
