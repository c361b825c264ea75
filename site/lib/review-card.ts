/**
 * The review card, once: a small element tree built from a published Review, rendered to HTML by
 * the build (review-list.astro) and to DOM nodes in the browser (review-filters-client.ts, for
 * filter results). Review data only ever becomes text nodes or attribute values — escaped in HTML,
 * set with textContent / setAttribute in the DOM — so a review holding `<script>` stays text.
 */
import type { Review } from '../../core/schemas/review-schema.ts';
import { reviewArchivePath } from '../../core/model/review-permalink.ts';
import { disclosureSentences } from '../../core/feeds/disclosure-text.ts';
import { escapeHtml } from '../../core/feeds/escape-html.ts';
import { formatDate, PLATFORM_NAMES, starGlyphs, VERIFICATION_NAMES } from './page-format.ts';

/** Text, or an element with attributes (undefined ones are left out) and children. */
export type CardNode = string | CardElement;
export interface CardElement {
  tag: string;
  attrs?: Record<string, string | undefined>;
  children?: CardNode[];
}

const h = (tag: string, attrs: CardElement['attrs'], ...children: (CardNode | false | null | undefined | '')[]): CardElement => ({
  tag,
  attrs,
  children: children.filter((c): c is CardNode => c !== false && c !== null && c !== undefined && c !== ''),
});

/** Only http(s) links are made clickable (the schema guarantees it; this keeps every renderer honest). */
const httpUrl = (url: string | undefined): string | undefined => (url && /^https?:\/\//i.test(url) ? url : undefined);

const dateNode = (date: string) => h('time', { datetime: date }, formatDate(date));

/** The card of one review: title, stars, author, permalink, source, text, disclosures, team/services/area, photos, owner's reply. */
export function reviewCard(r: Review, owner: string, level: 2 | 3 = 2): CardElement {
  const platform = PLATFORM_NAMES[r.source.platform] ?? r.source.platform;
  const sourceUrl = httpUrl(r.source.url);
  const about = [
    // "Team", as the home page names them: office staff and estimators are listed with the crews.
    r.technicians.length > 0 && `Team: ${r.technicians.map((t) => t.name).join(', ')}. `,
    r.services.length > 0 && `Services: ${r.services.map((s) => s.name).join(', ')}. `,
    r.serviceArea && `Area: ${r.serviceArea.name}.`,
  ].filter((s): s is string => typeof s === 'string');
  const photos = r.photos.filter((p) => httpUrl(p.url));
  return h(
    'article',
    { class: 'review', id: r.id, lang: r.language === 'en' ? undefined : r.language },
    h(`h${level}`, { class: 'review__title' }, r.title ?? `Review by ${r.author}`),
    h(
      'p',
      { class: 'review__meta' },
      h('span', { class: 'stars', role: 'img', 'aria-label': `Rated ${r.rating} out of 5` }, starGlyphs(r.rating)),
      // Without a title the heading already names the author ("Review by …"): said once, not twice.
      r.title === undefined ? ' · ' : ` · ${r.author} · `,
      h('a', { href: `${reviewArchivePath(r.date)}#${r.id}`, title: 'Permalink to this review' }, dateNode(r.date)),
      ' · on ',
      sourceUrl ? h('a', { href: sourceUrl, rel: 'nofollow ugc noopener' }, platform) : platform,
      ` · verified (${VERIFICATION_NAMES[r.verification.method] ?? r.verification.method})`,
    ),
    r.text.trim() === ''
      ? h('p', { class: 'review__text muted' }, `Rated ${r.rating} of 5 stars, no written review.`)
      : h('p', { class: 'review__text' }, r.text),
    // 16 CFR 465: an incentive or a connection is stated right with the review.
    ...disclosureSentences(r).map((d) => h('p', { class: 'review__disclosure' }, d)),
    about.length > 0 && h('p', { class: 'review__about' }, about.join('').trimEnd()),
    photos.length > 0 &&
      h(
        'p',
        { class: 'review__about' },
        'Photos: ',
        ...photos.flatMap((p, i) => [i > 0 ? ', ' : '', h('a', { href: p.url, rel: 'nofollow ugc noopener' }, p.alt)]),
      ),
    r.ownerReply &&
      h(
        'div',
        { class: 'review__reply' },
        h('p', { class: 'review__reply-head' }, `Reply from ${owner}, `, dateNode(r.ownerReply.date)),
        h('p', { class: 'review__reply-text' }, r.ownerReply.text),
      ),
  );
}

/** HTML of a card tree; every text and attribute value is escaped. */
export function cardToHtml(node: CardNode): string {
  if (typeof node === 'string') return escapeHtml(node);
  const attrs = Object.entries(node.attrs ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeHtml(v!)}"`)
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(cardToHtml).join('')}</${node.tag}>`;
}

/** DOM nodes of a card tree (in the browser): text through text nodes, attributes through setAttribute. */
export function cardToDom(node: CardNode, doc: Document = document): Node {
  if (typeof node === 'string') return doc.createTextNode(node);
  const element = doc.createElement(node.tag);
  for (const [k, v] of Object.entries(node.attrs ?? {})) if (v !== undefined) element.setAttribute(k, v);
  for (const child of node.children ?? []) element.append(cardToDom(child, doc));
  return element;
}
