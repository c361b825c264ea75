// <shingle-reviews>: the embeddable reviews widget, served as /widget.js (compiled by
// scripts/lib/compile-widget.ts: types stripped, whole-line comments dropped, so comments stay on
// their own lines here). No dependencies, Shadow DOM, one constructable stylesheet, no eval, no
// innerHTML, no inline styles: it runs under a strict Content-Security-Policy. It reads
// {src}/widget.json without credentials and sets no cookie. It never selects reviews by rating:
// the newest are the newest (16 CFR Part 465).

// The shapes of /widget.json come from core's schema (z.infer): a type-only import, which the
// type stripping of the build erases, so the widget still imports nothing at run time.
import type { ASPECT_IDS } from '../../core/schemas/business-schema.ts';
import type { WidgetDocument, WidgetInsights, WidgetReview } from '../../core/widget/widget-document-schema.ts';

// A word that depends on a count: one form per CLDR plural category the language uses
// (Intl.PluralRules); `other` is the fallback for any category not listed.
type Plural = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
interface Words {
  of: string;
  outOf: string;
  reviews: Plural;
  all: string;
  reply: string;
  more: string;
  prev: string;
  next: string;
  stars: Plural;
  note: string;
  mod: string;
  fail: string;
  say: string;
  notYet: string;
  how: string;
  // A review's disclosures (16 CFR 465), stated with it: the reviewer's connection to the business, and `{i}` for what
  // they were offered (the owner's own words). English as core/feeds/disclosure-text.ts says them (a test compares).
  relationship: Record<NonNullable<WidgetReview['relationship']>, string>;
  connected: string;
  incentive: string;
}

// The script's own folder: the default `src`, so the snippet needs no configuration.
const HOME = new URL('.', import.meta.url).href.replace(/\/$/, '');
const EN: Words = {
  of: 'Customer reviews of',
  outOf: 'out of 5',
  reviews: { one: 'verified review', other: 'verified reviews' },
  all: 'Read all reviews',
  reply: 'Reply from the owner',
  more: 'Read the whole review',
  prev: 'Previous review',
  next: 'Next review',
  stars: { one: 'star', other: 'stars' },
  note: 'Newest reviews first, whatever their rating.',
  mod: 'Reviews received: {r}; published: {p}; not yet verified: {u}; withheld on content-neutral grounds: {w}.',
  fail: 'Reviews could not be loaded.',
  say: 'What customers say',
  notYet: 'Not enough opinions yet on:',
  how: 'How these figures are made',
  relationship: {
    employee: 'Disclosure: the reviewer is an employee of the business.',
    relative: 'Disclosure: the reviewer is a relative of someone at the business.',
    agent: 'Disclosure: the reviewer is an agent of the business.',
    officer: 'Disclosure: the reviewer is an officer of the business.',
  },
  connected: 'Disclosure: the reviewer has a connection to the business.',
  incentive: 'Disclosure: the reviewer was offered {i}.',
};
const WORDS: Record<string, Partial<Words>> = {
  es: {
    of: 'Opiniones de clientes de',
    outOf: 'de 5',
    reviews: { one: 'opinión verificada', other: 'opiniones verificadas' },
    all: 'Ver todas las opiniones',
    reply: 'Respuesta del propietario',
    more: 'Leer la opinión completa',
    prev: 'Opinión anterior',
    next: 'Opinión siguiente',
    stars: { one: 'estrella', other: 'estrellas' },
    note: 'Las opiniones más recientes primero, sea cual sea su puntuación.',
    mod: 'Opiniones recibidas: {r}; publicadas: {p}; sin verificar aún: {u}; retenidas por motivos neutrales: {w}.',
    fail: 'No se pudieron cargar las opiniones.',
    say: 'Lo que dicen los clientes',
    notYet: 'Aún no hay suficientes opiniones sobre:',
    how: 'Cómo se obtienen estas cifras',
    relationship: {
      employee: 'Aviso: quien escribe la opinión trabaja para la empresa.',
      relative: 'Aviso: quien escribe la opinión es familiar de alguien de la empresa.',
      agent: 'Aviso: quien escribe la opinión actúa en nombre de la empresa.',
      officer: 'Aviso: quien escribe la opinión ocupa un cargo directivo en la empresa.',
    },
    connected: 'Aviso: quien escribe la opinión tiene un vínculo con la empresa.',
    incentive: 'Aviso: a quien escribe la opinión se le ofreció {i}.',
  },
  fr: {
    of: 'Avis clients de',
    outOf: 'sur 5',
    reviews: { one: 'avis vérifié', other: 'avis vérifiés' },
    all: 'Lire tous les avis',
    reply: 'Réponse du propriétaire',
    more: "Lire l'avis complet",
    prev: 'Avis précédent',
    next: 'Avis suivant',
    stars: { one: 'étoile', other: 'étoiles' },
    note: 'Les avis les plus récents d’abord, quelle que soit leur note.',
    mod: 'Avis reçus : {r} ; publiés : {p} ; pas encore vérifiés : {u} ; retenus pour des motifs neutres : {w}.',
    fail: 'Les avis n’ont pas pu être chargés.',
    say: 'Ce que disent les clients',
    notYet: 'Pas encore assez d’avis sur :',
    how: 'Comment ces chiffres sont établis',
    relationship: {
      employee: 'À noter : l’auteur de l’avis travaille pour l’entreprise.',
      relative: 'À noter : l’auteur de l’avis est un membre de la famille d’une personne de l’entreprise.',
      agent: 'À noter : l’auteur de l’avis agit pour le compte de l’entreprise.',
      officer: 'À noter : l’auteur de l’avis est un dirigeant de l’entreprise.',
    },
    connected: 'À noter : l’auteur de l’avis a un lien avec l’entreprise.',
    incentive: 'À noter : on a proposé à l’auteur de l’avis {i}.',
  },
};

// Fluid from 280 px: the histogram is one grid (rows are subgrids, so columns line up), the bars are
// blocks (an inline span has no width), review text wraps anywhere, and the carousel's list is
// inline-size contained: its cards never add to the widget's min-content width, so a narrow
// column of the host page (or a 360 px phone) is never pushed wider.
const CSS = `
:host{--shingle-bg:#fff;--shingle-fg:#1f2328;--shingle-muted:#59636e;--shingle-accent:#0b5cad;--shingle-star:#9a6700;--shingle-border:#d1d9e0;--shingle-radius:8px;--shingle-font:system-ui,sans-serif;display:block;max-width:100%;color:var(--shingle-fg);font:15px/1.5 var(--shingle-font)}
@media (prefers-color-scheme:dark){:host{--shingle-bg:#16191d;--shingle-fg:#e6edf3;--shingle-muted:#9aa5b1;--shingle-accent:#6cb6ff;--shingle-star:#e3b341;--shingle-border:#3d444d}}
:host([hidden]){display:none}
.box{background:var(--shingle-bg);border:1px solid var(--shingle-border);border-radius:var(--shingle-radius);padding:1rem;overflow-wrap:anywhere}
h2{font-size:1.1em;margin:0 0 .5rem}
p{margin:.25rem 0}
a{color:var(--shingle-accent)}
a:focus-visible,button:focus-visible{outline:3px solid var(--shingle-accent);outline-offset:2px}
.stars{color:var(--shingle-star);letter-spacing:.1em}
.summary .stars{margin-right:.25rem}
.avg{font-size:1.6em;font-weight:700;margin-right:.25rem}
.muted{color:var(--shingle-muted);font-size:.9em}
.hist{list-style:none;margin:.5rem 0;padding:0;max-width:22rem;display:grid;grid-template-columns:max-content minmax(0,1fr) max-content;gap:.125rem .5rem;font-size:.85em}
.hist li{display:grid;grid-column:1/-1;grid-template-columns:subgrid;align-items:center}
.label{overflow-wrap:normal}
.n{text-align:end}
.track{display:block;background:var(--shingle-border);border-radius:4px;height:.5rem;overflow:hidden}
.bar{display:block;background:var(--shingle-star);height:100%;width:0}
.list{list-style:none;margin:.75rem 0;padding:0;display:grid;gap:.75rem}
.review{border-top:1px solid var(--shingle-border);padding-top:.75rem}
.review h3{font-size:1em;margin:.25rem 0}
.reply{border-left:3px solid var(--shingle-border);margin:.5rem 0 0;padding-left:.75rem}
.disclosure{font-size:.9em;font-style:italic;margin:.25rem 0 0}
.carousel .list{contain:inline-size;grid-auto-flow:column;grid-auto-columns:min(100%,22rem);overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth}
.carousel .review{scroll-snap-align:start;border:1px solid var(--shingle-border);border-radius:var(--shingle-radius);padding:.75rem}
.nav{display:flex;gap:.5rem}
button{font:inherit;color:var(--shingle-accent);background:none;border:1px solid var(--shingle-border);border-radius:var(--shingle-radius);padding:.25rem .75rem;cursor:pointer}
.badge{display:inline-flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:baseline}
.insights h3{font-size:1em;margin:.75rem 0 .25rem}
.aspects{list-style:none;margin:.25rem 0;padding:0;display:grid;gap:.25rem}
@media (prefers-reduced-motion:reduce){.carousel .list{scroll-behavior:auto}}
`;

let sheet: CSSStyleSheet | undefined;
// The most aspects a business has: a longer list in widget.json is cut, not drawn. Typed as core's ASPECT_IDS' length,
// so the type check fails if that list changes (a type-only import: nothing is imported at run time).
const MAX_ASPECTS: (typeof ASPECT_IDS)['length'] = 8;

// The element's or the page's `lang` as a locale Intl accepts: "en_US" (a common mistake) is read
// as en-US, anything else Intl refuses as its language alone, else English. A bad `lang` on the
// host page must never stop the widget (Intl throws a RangeError on an invalid tag).
function localeOf(tag: string): string {
  for (const t of [tag, tag.replace(/_/g, '-'), tag.split(/[-_]/)[0] ?? '']) {
    try {
      const [locale] = Intl.getCanonicalLocales(t);
      if (locale) return locale;
    } catch {
      // not a valid tag: try the next reading
    }
  }
  return 'en';
}
let ids = 0;

// A review's disclosures as sentences in the widget's language. A relationship this script has no
// words for (a newer widget.json) is still stated, as a connection; the incentive is inserted by a
// function, so a "$&" in it is text, not a replacement pattern, and one of dots alone is said as
// written. A document without those fields (an earlier build's) gives English sentences: shown as
// they are, marked English (the second of each pair: the sentence's `lang`, '' for the widget's own).
function disclosures(r: WidgetReview, w: Words): [text: string, lang: string][] {
  const out: [string, string][] = [];
  if (typeof r.relationship === 'string')
    out.push([Object.hasOwn(w.relationship, r.relationship) ? w.relationship[r.relationship] : w.connected, '']);
  const raw = typeof r.incentive === 'string' ? r.incentive.trim() : '';
  if (raw) out.push([w.incentive.replace('{i}', () => raw.replace(/[.\s]+$/, '') || raw), '']);
  if (out.length === 0 && Array.isArray(r.disclosures)) for (const d of r.disclosures) if (typeof d === 'string' && d) out.push([d, 'en']);
  return out;
}

// Any element with optional class and part names, and text.
function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = '', text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) {
    e.className = cls;
    e.part.add(...cls.split(' '));
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

function link(href: string, text: string, cls = 'link'): HTMLAnchorElement {
  const a = el('a', cls, text);
  // Only http(s): a link from the document must never be javascript:.
  a.href = /^https?:\/\//.test(href) ? href : '#';
  return a;
}

function stars(rating: number, label: string): HTMLElement {
  const s = el('span', 'stars', '★★★★★☆☆☆☆☆'.slice(5 - Math.round(rating), 10 - Math.round(rating)));
  s.setAttribute('role', 'img');
  s.setAttribute('aria-label', label);
  return s;
}

class ShingleReviews extends HTMLElement {
  static observedAttributes = ['src', 'limit', 'layout', 'lang'];
  #root = this.attachShadow({ mode: 'open' });
  #loaded = '';

  connectedCallback(): void {
    this.#load();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#load();
  }

  async #load(): Promise<void> {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(CSS);
    this.#root.adoptedStyleSheets = [sheet];
    const base = (this.getAttribute('src') || HOME).replace(/\/+$/, '');
    const key = [base, this.getAttribute('limit'), this.getAttribute('layout'), this.lang].join('\n');
    if (key === this.#loaded) return;
    this.#loaded = key;
    const lang = localeOf(this.lang || document.documentElement.lang);
    const w: Words = { ...EN, ...WORDS[new Intl.Locale(lang).language] };
    try {
      const res = await fetch(`${base}/widget.json`, { credentials: 'omit', referrerPolicy: 'no-referrer' });
      if (!res.ok) throw new Error(String(res.status));
      const doc = (await res.json()) as WidgetDocument;
      if (key === this.#loaded) this.#render(doc, w, lang);
    } catch {
      const box = el('div', 'box');
      box.append(el('p', 'error', w.fail), link(`${base}/reviews/`, w.all));
      this.#root.replaceChildren(box);
    }
  }

  #render(doc: WidgetDocument, w: Words, lang: string): void {
    const num = (n: number, digits = 0) => n.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const rules = new Intl.PluralRules(lang);
    const counted = (n: number, word: Plural) => `${num(n)} ${word[rules.select(n)] ?? word.other}`;
    const layout = this.getAttribute('layout');
    const limit = Math.min(10, Math.max(1, Math.floor(Number(this.getAttribute('limit'))) || 3));
    const rating = doc.aggregateRating;
    const avg = `${num(rating.average, 1)} ${w.outOf}`;
    const box = el('section', `box ${layout === 'badge' || layout === 'carousel' ? layout : 'stack'}`);
    const h = el('h2', 'heading', `${w.of} ${doc.business.name}`);
    h.id = `shingle-h${++ids}`;
    box.setAttribute('aria-labelledby', h.id);
    const summary = el('p', 'summary');
    summary.append(
      stars(rating.average, avg),
      el('span', 'avg', num(rating.average, 1)),
      el('span', 'muted', `${w.outOf} · `),
      link(doc.reviewsUrl, counted(rating.count, w.reviews), 'count'),
    );
    box.append(h, summary);
    if (layout === 'badge') return this.#root.replaceChildren(box);

    const hist = el('ul', 'hist');
    for (const n of [5, 4, 3, 2, 1]) {
      const count = rating.histogram[String(n) as keyof typeof rating.histogram] ?? 0;
      const row = el('li', 'row');
      const track = el('span', 'track');
      const bar = el('span', 'bar');
      // CSSOM, not a style attribute: allowed under a strict style-src.
      bar.style.width = `${rating.count ? (100 * count) / rating.count : 0}%`;
      track.append(bar);
      track.setAttribute('aria-hidden', 'true');
      row.append(el('span', 'label', counted(n, w.stars)), track, el('span', 'n', num(count)));
      hist.append(row);
    }
    box.append(hist);
    const m = doc.moderation;
    if (m) {
      const counts: Record<string, number> = { r: m.received, p: m.published, u: m.unverified, w: m.withheld.total };
      box.append(
        el(
          'p',
          'moderation muted',
          w.mod.replace(/\{(\w)\}/g, (_, k: string) => num(counts[k] ?? 0)),
        ),
      );
    }

    // A part of its own: a malformed or hostile `insights` must never cost the visitor the rating and the reviews.
    try {
      const part = this.#insights(doc.insights, w, lang);
      if (part) box.append(part);
    } catch {
      // left out
    }

    const list = el('ol', 'list');
    if (layout === 'carousel') {
      // A scrolling region must be reachable by keyboard (WCAG 2.1.1).
      list.tabIndex = 0;
      list.setAttribute('aria-label', `${w.of} ${doc.business.name}`);
    }
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
    for (const r of doc.reviews.slice(0, limit)) list.append(this.#review(r, w, date));
    box.append(list);
    if (layout === 'carousel') {
      const nav = el('div', 'nav');
      for (const [label, dir] of [
        [w.prev, -1],
        [w.next, 1],
      ] as const) {
        const b = el('button', 'button', label);
        b.type = 'button';
        b.onclick = () =>
          list.scrollBy({ left: dir * list.clientWidth, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
        nav.append(b);
      }
      box.append(nav);
    }
    box.append(el('p', 'note muted', w.note), link(doc.reviewsUrl, `${w.all} (${num(rating.count)})`, 'all'));
    this.#root.replaceChildren(box);
  }

  // What customers say per aspect: each measured aspect's sentence (estimate, interval, number of opinions), then
  // the aspects without enough opinions yet. The sentences are the engine's English: marked so when the widget is not.
  #insights(ins: WidgetInsights | undefined, w: Words, lang: string): HTMLElement | null {
    // Only what the schema allows, and no more aspects than a business has.
    const aspects = (Array.isArray(ins?.aspects) ? ins.aspects : [])
      .filter((a) => typeof a?.inWords === 'string' && typeof a.label === 'string')
      .slice(0, MAX_ASPECTS);
    if (!ins || aspects.length === 0) return null;
    const part = el('div', 'insights');
    const list = el('ul', 'aspects');
    if (new Intl.Locale(lang).language !== 'en') list.lang = 'en';
    for (const a of aspects) if (a.negativeShare) list.append(el('li', 'aspect', a.inWords));
    part.append(el('h3', 'insights-heading', w.say));
    if (list.childElementCount) part.append(list);
    const rest = aspects.filter((a) => !a.negativeShare).map((a) => a.label);
    if (rest.length) {
      // The labels are the business's own (English) words: marked so inside another language.
      const labels = el('span', 'labels', rest.join(', '));
      if (list.lang) labels.lang = list.lang;
      const notYet = el('p', 'not-yet muted', `${w.notYet} `);
      notYet.append(labels, '.');
      part.append(notYet);
    }
    part.append(link(String(ins.url), w.how, 'insights-link'));
    return part;
  }

  #review(r: WidgetReview, w: Words, date: Intl.DateTimeFormat): HTMLLIElement {
    const li = el('li', 'review');
    li.dataset.id = r.id;
    const meta = el('p', 'meta');
    const time = el('time', 'date muted', date.format(new Date(`${r.date}T00:00:00Z`)));
    time.dateTime = r.date;
    meta.append(stars(r.rating, `${r.rating} ${w.outOf}`), ' ', el('strong', 'author', r.author), ' · ', time);
    li.append(meta);
    if (r.title) li.append(el('h3', 'title', r.title));
    li.append(el('p', 'text', r.text));
    // 16 CFR 465: stated with the review.
    for (const [text, lang] of disclosures(r, w)) {
      const p = li.appendChild(el('p', 'disclosure', text));
      if (lang) p.lang = lang;
    }
    if (r.ownerReply) {
      const reply = el('div', 'reply');
      reply.append(el('p', 'reply-label muted', w.reply), el('p', 'reply-text', r.ownerReply.text));
      li.append(reply);
    }
    if (r.truncated) li.append(link(r.url, w.more, 'more'));
    return li;
  }
}

if (!customElements.get('shingle-reviews')) customElements.define('shingle-reviews', ShingleReviews);

// The iframe form (/embed/) reports its height; an iframe of ours on this page is sized to it.
// Only messages from our own origin, only from one of its iframes, only a sane number.
addEventListener('message', (e: MessageEvent) => {
  const data = e.data as { type?: unknown; height?: unknown } | null;
  if (e.origin !== new URL(HOME).origin || data?.type !== 'shingle-embed:height' || typeof data.height !== 'number') return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === e.source) frame.style.height = `${Math.min(10000, Math.max(100, Math.ceil(data.height)))}px`;
  }
});
