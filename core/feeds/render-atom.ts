import type { SiteBase } from '../model/build-site-model.ts';
import { dateToTimestamp, latestDate, reviewUpdated } from '../model/latest-date.ts';
import { DOCUMENT_PATHS, FEED_SIZE, HUB_PATH } from '../model/published-paths.ts';
import type { Review } from '../schemas/review-schema.ts';
import { escapeHtml, stripInvalidXmlChars } from './escape-html.ts';
import { feedEntryText, feedEntryTitle } from './feed-entry.ts';

const x = (text: string): string => escapeHtml(stripInvalidXmlChars(text));

function renderEntry(review: Review): string {
  const categories = review.services.map((s) => `<category term="${x(s.id)}" label="${x(s.name)}"/>`).join('');
  return [
    '<entry>',
    `<id>${x(review.url)}</id>`,
    `<title type="text">${x(feedEntryTitle(review))}</title>`,
    `<published>${dateToTimestamp(review.date)}</published>`,
    `<updated>${dateToTimestamp(reviewUpdated(review))}</updated>`,
    `<author><name>${x(review.author)}</name></author>`,
    `<link rel="alternate" type="text/html" href="${x(review.url)}"/>`,
    categories,
    `<content type="text">${x(feedEntryText(review))}</content>`,
    '</entry>',
  ].join('');
}

/** GET /feed.xml — Atom (RFC 4287) with the 50 newest reviews; `<link rel="hub">` for WebSub discovery. */
export function renderAtom(model: SiteBase): string {
  const base = model.baseUrl;
  const items = model.reviews.slice(0, FEED_SIZE);
  // RFC 4287 §4.2.15: feed updated = the most recent change; taken from the data, never the clock.
  const updated = dateToTimestamp(latestDate(items) ?? '1970-01-01');
  return [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `<id>${x(base + DOCUMENT_PATHS.atom)}</id>`,
    `<title type="text">${x(`${model.business.name} — verified customer reviews`)}</title>`,
    `<subtitle type="text">${x(`The ${FEED_SIZE} newest verified reviews of ${model.business.name}.`)}</subtitle>`,
    `<updated>${updated}</updated>`,
    `<author><name>${x(model.business.name)}</name><uri>${x(model.business.url)}</uri></author>`,
    `<link rel="self" type="application/atom+xml" href="${x(base + DOCUMENT_PATHS.atom)}"/>`,
    `<link rel="hub" href="${x(base + HUB_PATH)}"/>`,
    `<link rel="alternate" type="text/html" href="${x(base)}/"/>`,
    `<generator>Shingle</generator>`,
    ...items.map(renderEntry),
    '</feed>\n',
  ].join('\n');
}
