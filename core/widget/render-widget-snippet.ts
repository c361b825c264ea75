import { escapeHtml } from '../feeds/escape-html.ts';
import { disclosureSentences } from '../feeds/disclosure-text.ts';
import { formatCount, plural } from '../format/format-count.ts';
import { formatRating } from '../format/format-rating.ts';
import type { WidgetDocument } from './widget-document-schema.ts';
import { widgetInsightLines } from './widget-insight-lines.ts';
import { widgetModerationLine } from './widget-moderation-line.ts';

/** How many reviews the static snippet shows (the widget's default is 3; a pasted snippet can afford 5). */
export const SNIPPET_REVIEW_COUNT = 5;

const starsOf = (rating: number) => '★★★★★☆☆☆☆☆'.slice(5 - Math.round(rating), 10 - Math.round(rating));

/**
 * The iframe form's paste-in snippet (shown on /developers/): the business name is escaped for the
 * title attribute, so a name with a quote, `<` or `&` neither breaks the snippet nor injects markup.
 */
export function renderIframeSnippet(base: string, businessName: string, scriptTag: string): string {
  return [
    `<iframe src="${escapeHtml(`${base}/embed/`)}" title="Customer reviews of ${escapeHtml(businessName)}" width="100%" height="720" loading="lazy"></iframe>`,
    `<!-- Optional: sizes the iframe to its content -->`,
    scriptTag,
  ].join('\n');
}

/**
 * /embed/snippet.html: the widget as static HTML for site builders that strip scripts and iframes.
 * Self-contained (inline styles only, system colours, no script, no image, no external request),
 * everything from reviews escaped. Rebuilt with every build, so it is as fresh as the last paste.
 */
export function renderWidgetSnippet(doc: WidgetDocument): string {
  const e = escapeHtml;
  const r = doc.aggregateRating;
  const reviews = doc.reviews.slice(0, SNIPPET_REVIEW_COUNT).map((v) => {
    const reply = v.ownerReply
      ? `\n      <div style="border-left:3px solid #d1d9e0;margin:.5rem 0 0;padding-left:.75rem"><p style="margin:0;font-size:.9em">Reply from the owner</p><p style="margin:0">${e(v.ownerReply.text)}</p></div>`
      : '';
    return [
      `    <li style="border-top:1px solid #d1d9e0;padding-top:.75rem">`,
      `      <p style="margin:0"><span role="img" aria-label="${v.rating} out of 5">${starsOf(v.rating)}</span> <strong>${e(v.author)}</strong> · <time datetime="${v.date}">${v.date}</time></p>`,
      ...(v.title ? [`      <p style="margin:.25rem 0;font-weight:700">${e(v.title)}</p>`] : []),
      `      <p style="margin:.25rem 0">${e(v.text)}${v.truncated ? ` <a href="${e(v.url)}">Read the whole review</a>` : ''}</p>`,
      ...disclosureSentences(v).map((d) => `      <p style="margin:.25rem 0;font-size:.9em;font-style:italic">${e(d)}</p>`),
      ...(reply ? [reply.slice(1)] : []),
      `    </li>`,
    ].join('\n');
  });
  const ins = doc.insights;
  const said = ins ? widgetInsightLines(ins) : null;
  const insights = ins?.aspects.length
    ? [
        `  <h3 style="font-size:1em;margin:.75rem 0 .25rem">What customers say</h3>`,
        ...(said?.measured.length
          ? [`  <ul style="list-style:none;margin:.25rem 0;padding:0">`, ...said.measured.map((sentence) => `    <li>${e(sentence)}</li>`), `  </ul>`]
          : []),
        ...(said?.notYet ? [`  <p style="margin:.25rem 0;font-size:.9em">${e(said.notYet)}</p>`] : []),
        `  <p style="margin:.25rem 0"><a href="${e(ins.url)}">How these figures are made</a></p>`,
      ]
    : [];
  return [
    `<!-- Customer reviews of ${e(doc.business.name)}: static snippet, built ${doc.updated ?? 'with no reviews'}. Paste as HTML; fetch /embed/snippet.html again to refresh. -->`,
    `<section aria-label="Customer reviews of ${e(doc.business.name)}" style="border:1px solid #d1d9e0;border-radius:8px;padding:1rem;font:15px/1.5 system-ui,sans-serif;overflow-wrap:anywhere">`,
    `  <h2 style="font-size:1.1em;margin:0 0 .5rem">Customer reviews of ${e(doc.business.name)}</h2>`,
    `  <p style="margin:0"><span role="img" aria-label="${formatRating(r.average)} out of 5">${starsOf(r.average)}</span> <strong>${formatRating(r.average)}</strong> out of 5 · <a href="${e(doc.reviewsUrl)}">${plural(r.count, 'verified review')}</a></p>`,
    `  <ul style="list-style:none;margin:.5rem 0;padding:0">`,
    ...[5, 4, 3, 2, 1].map((n) => `    <li>${plural(n, 'star')}: ${formatCount(r.histogram[String(n) as '1'])}</li>`),
    `  </ul>`,
    ...(doc.moderation ? [`  <p style="margin:.25rem 0;font-size:.9em">${e(widgetModerationLine(doc.moderation))}</p>`] : []),
    ...insights,
    `  <ol style="list-style:none;margin:.75rem 0;padding:0">`,
    ...reviews,
    `  </ol>`,
    `  <p style="margin:.25rem 0;font-size:.9em">Newest reviews first, whatever their rating.</p>`,
    `  <p style="margin:0"><a href="${e(doc.reviewsUrl)}">Read all ${formatCount(r.count)} reviews</a></p>`,
    `</section>`,
    '',
  ].join('\n');
}
