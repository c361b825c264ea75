/**
 * Formatting helpers shared by the pages. Deterministic: dates are calendar dates formatted in UTC,
 * so a build gives the same bytes on any machine and in any time zone.
 */
// Numbers: the one formatter in core, re-exported so every page keeps its import.
export { formatCount, formatPercent, plural } from '../../core/format/format-count.ts';

const LONG_DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });

const formattedDates = new Map<string, string>();

/** "2024-06-03" → "June 3, 2024". Memoised: 100k reviews share a few thousand dates. */
export function formatDate(date: string): string {
  let text = formattedDates.get(date);
  if (text === undefined) {
    text = LONG_DATE.format(new Date(`${date}T00:00:00Z`));
    formattedDates.set(date, text);
  }
  return text;
}

/** "2024-06" → "June 2024". */
export function formatMonth(month: string): string {
  return MONTH_YEAR.format(new Date(`${month}-01T00:00:00Z`));
}

/** 4.6 → "4.6"; always one decimal for an average rating (the same words as the insights summary). */
export { formatRating } from '../../core/format/format-rating.ts';

/** Five glyphs, filled then empty: the visual form of a star rating (always paired with text). */
export function starGlyphs(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** Display name of a review platform id. */
export const PLATFORM_NAMES: Record<string, string> = {
  google: 'Google',
  yelp: 'Yelp',
  facebook: 'Facebook',
  bbb: 'BBB',
  angi: 'Angi',
  nextdoor: 'Nextdoor',
  website: 'our website',
  email: 'email',
  trustpilot: 'Trustpilot',
  houzz: 'Houzz',
  paper: 'a comment card',
};

/** How a reviewer was matched to a real customer, in words. */
export const VERIFICATION_NAMES: Record<string, string> = {
  'job-match': 'matched to a job',
  'invoice-match': 'matched to an invoice',
  'platform-verified': 'verified by the platform',
  'phone-confirmed': 'confirmed by phone',
};
