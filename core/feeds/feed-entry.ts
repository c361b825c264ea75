import type { Review } from '../schemas/review-schema.ts';
import { disclosureSentences } from './disclosure-text.ts';
import { escapeHtml } from './escape-html.ts';

/** The headline both feeds use for a review: stars, then the title or who wrote it. */
export function feedEntryTitle(review: Review): string {
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating);
  return `${stars} ${review.title ?? `Review by ${review.author}`}`;
}

/** Plain-text body: the review text, or a note for a rating-only review, its disclosures and the owner's reply. */
export function feedEntryText(review: Review): string {
  const text = review.text.trim() === '' ? `Rated ${review.rating} of 5 stars (no written review).` : review.text;
  const body = [text, ...disclosureSentences(review)].join('\n\n');
  return review.ownerReply ? `${body}\n\nReply from the owner (${review.ownerReply.date}): ${review.ownerReply.text}` : body;
}

/** HTML body with every piece of review text escaped. */
export function feedEntryHtml(review: Review): string {
  const paragraphs = (review.text.trim() === '' ? `Rated ${review.rating} of 5 stars (no written review).` : review.text)
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const disclosures = disclosureSentences(review)
    .map((d) => `<p><em>${escapeHtml(d)}</em></p>`)
    .join('');
  const reply = review.ownerReply
    ? `<blockquote><p><strong>Reply from the owner</strong> (${review.ownerReply.date})</p><p>${escapeHtml(review.ownerReply.text)}</p></blockquote>`
    : '';
  return `<p>Rating: ${review.rating} of 5</p>${paragraphs}${disclosures}${reply}`;
}
