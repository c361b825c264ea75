/**
 * Progressive enhancement of the review filters (runs in the browser).
 * - Filters live in the query string under the API's own names, so a filtered URL is shareable.
 * - With filters present, results come from GET /api/reviews/search on the same origin.
 * - When the search service is not reachable (static hosting), the static, paginated list stays.
 * Review data is only ever written with textContent / attributes: never as HTML.
 */

import { disclosureSentences } from '../../core/feeds/disclosure-text.ts';

/** The search filters of the page: the same names as GET /api/reviews/search. */
export const FILTER_KEYS = ['query', 'rating', 'min_rating', 'since', 'until', 'mentions_technician', 'mentions_service'] as const;

interface EntityRef {
  id: string;
  name: string;
}
/** The fields of a published review that the card shows (core/schemas/review-schema.ts). */
interface ApiReview {
  id: string;
  date: string;
  rating: number;
  title?: string;
  text: string;
  author: string;
  incentive?: string;
  relationship?: 'employee' | 'relative' | 'agent' | 'officer';
  language: string;
  source: { platform: string; url?: string };
  verification: { method: string };
  technicians: EntityRef[];
  services: EntityRef[];
  serviceArea: EntityRef | null;
  ownerReply?: { text: string; date: string };
  photos: { url: string; alt: string }[];
}
interface SearchBody {
  reviews: ApiReview[];
  count: number;
  total: number;
}
interface ErrorBody {
  error?: string;
  issues?: { path: string; message: string }[];
}

const PLATFORMS: Record<string, string> = {
  google: 'Google', yelp: 'Yelp', facebook: 'Facebook', bbb: 'BBB', angi: 'Angi', nextdoor: 'Nextdoor', website: 'our website', email: 'email',
  trustpilot: 'Trustpilot', houzz: 'Houzz', paper: 'a comment card',
};
const METHODS: Record<string, string> = {
  'job-match': 'matched to a job', 'invoice-match': 'matched to an invoice', 'platform-verified': 'verified by the platform', 'phone-confirmed': 'confirmed by phone',
};
const LONG_DATE = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const formatDate = (d: string) => LONG_DATE.format(new Date(`${d}T00:00:00Z`));

/** Builds an element with optional class and text content (text is never parsed as HTML). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function timeEl(date: string): HTMLTimeElement {
  const t = el('time', undefined, formatDate(date));
  t.dateTime = date;
  return t;
}

/** Only http(s) links are ever made clickable (the schema guarantees it; this keeps the client honest). */
function safeHref(url: string): string | null {
  try {
    const u = new URL(url, location.href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** The same markup as review-list.astro renders for one review, built with DOM APIs. */
export function renderReviewCard(r: ApiReview, owner: string): HTMLElement {
  const article = el('article', 'review');
  article.id = r.id;
  if (r.language && r.language !== 'en') article.lang = r.language;
  article.append(el('h2', 'review__title', r.title ?? `Review by ${r.author}`));
  const meta = el('p', 'review__meta');
  const stars = el('span', 'stars', '★'.repeat(r.rating) + '☆'.repeat(5 - r.rating));
  stars.setAttribute('role', 'img');
  stars.setAttribute('aria-label', `Rated ${r.rating} out of 5`);
  const permalink = el('a');
  permalink.href = `/reviews/${r.date.slice(0, 7)}/#${r.id}`;
  permalink.title = 'Permalink to this review';
  permalink.append(timeEl(r.date));
  const platform = PLATFORMS[r.source.platform] ?? r.source.platform;
  const sourceHref = r.source.url ? safeHref(r.source.url) : null;
  let source: Node = document.createTextNode(platform);
  if (sourceHref) {
    const a = el('a', undefined, platform);
    a.href = sourceHref;
    a.rel = 'nofollow ugc noopener';
    source = a;
  }
  meta.append(stars, ` · ${r.author} · `, permalink, ' · on ', source, ` · verified (${METHODS[r.verification.method] ?? r.verification.method})`);
  article.append(meta);
  article.append(
    r.text.trim() === ''
      ? el('p', 'review__text muted', `Rated ${r.rating} of 5 stars, no written review.`)
      : el('p', 'review__text', r.text),
  );
  for (const d of disclosureSentences(r)) article.append(el('p', 'review__disclosure', d));
  const about: string[] = [];
  if (r.technicians.length > 0) about.push(`Crew: ${r.technicians.map((t) => t.name).join(', ')}.`);
  if (r.services.length > 0) about.push(`Services: ${r.services.map((s) => s.name).join(', ')}.`);
  if (r.serviceArea) about.push(`Area: ${r.serviceArea.name}.`);
  if (about.length > 0) article.append(el('p', 'review__about', about.join(' ')));
  const photos = r.photos.map((p) => ({ href: safeHref(p.url), alt: p.alt })).filter((p) => p.href !== null);
  if (photos.length > 0) {
    const p = el('p', 'review__about', 'Photos: ');
    photos.forEach((ph, i) => {
      if (i > 0) p.append(', ');
      const a = el('a', undefined, ph.alt);
      a.href = ph.href!;
      a.rel = 'nofollow ugc noopener';
      p.append(a);
    });
    article.append(p);
  }
  if (r.ownerReply) {
    const reply = el('div', 'review__reply');
    const head = el('p', 'review__reply-head', `Reply from ${owner}, `);
    head.append(timeEl(r.ownerReply.date));
    reply.append(head, el('p', 'review__reply-text', r.ownerReply.text));
    article.append(reply);
  }
  return article;
}

/** The filters present in a query string, in a fixed order, empty values dropped. */
export function filtersFrom(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) out.set(key, value);
  }
  return out;
}

type Outcome =
  | { kind: 'ok'; body: SearchBody }
  | { kind: 'invalid'; body: ErrorBody }
  | { kind: 'unavailable' };

async function search(filters: URLSearchParams, limit: string, signal: AbortSignal): Promise<Outcome> {
  const params = new URLSearchParams(filters);
  params.set('limit', limit);
  let res: Response;
  try {
    res = await fetch(`/api/reviews/search?${params}`, { headers: { Accept: 'application/json' }, signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { kind: 'unavailable' };
  }
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (res.status === 400 && isJson) return { kind: 'invalid', body: (await res.json()) as ErrorBody };
  if (!res.ok || !isJson) return { kind: 'unavailable' };
  const body = (await res.json()) as SearchBody;
  return Array.isArray(body.reviews) ? { kind: 'ok', body } : { kind: 'unavailable' };
}

/** Wires the filter form on a listing page. Does nothing when the page has no filter form. */
export function enhanceFilters(): void {
  const maybeForm = document.getElementById('page_filters') as HTMLFormElement | null;
  const maybeStatus = document.getElementById('page_filters_status');
  const maybeStatic = document.getElementById('page_static');
  const maybeResults = document.getElementById('page_results');
  if (!maybeForm || !maybeStatus || !maybeStatic || !maybeResults) return;
  const form: HTMLFormElement = maybeForm;
  const status: HTMLElement = maybeStatus;
  const staticList: HTMLElement = maybeStatic;
  const results: HTMLElement = maybeResults;
  const limit = form.dataset.limit ?? '100';
  const owner = form.dataset.owner ?? 'the owner';
  let inFlight: AbortController | null = null;

  const setStatus = (text: string, state: 'info' | 'error' = 'info') => {
    status.textContent = text;
    status.dataset.state = state;
  };
  const showStatic = () => {
    results.hidden = true;
    results.replaceChildren();
    staticList.hidden = false;
  };
  const fillForm = (filters: URLSearchParams) => {
    for (const key of FILTER_KEYS) {
      const field = form.elements.namedItem(key) as HTMLInputElement | HTMLSelectElement | null;
      if (field) field.value = filters.get(key) ?? '';
    }
  };

  async function apply(filters: URLSearchParams): Promise<void> {
    inFlight?.abort();
    if ([...filters.keys()].length === 0) {
      showStatic();
      setStatus('');
      return;
    }
    const controller = new AbortController();
    inFlight = controller;
    form.setAttribute('aria-busy', 'true');
    setStatus('Searching…');
    let outcome: Outcome;
    try {
      outcome = await search(filters, limit, controller.signal);
    } catch {
      return; // superseded by a newer search
    } finally {
      if (inFlight === controller) form.removeAttribute('aria-busy');
    }
    if (outcome.kind === 'unavailable') {
      showStatic();
      setStatus('Filtering needs the search service, which is not reachable right now. All reviews are listed below instead.', 'error');
      return;
    }
    if (outcome.kind === 'invalid') {
      const issues = outcome.body.issues ?? [];
      const detail = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
      setStatus(`Those filters are not valid${detail ? `: ${detail}` : '.'}`, 'error');
      return;
    }
    const { reviews, total } = outcome.body;
    results.replaceChildren(
      ...reviews.map((r) => {
        const li = el('li');
        li.append(renderReviewCard(r, owner));
        return li;
      }),
    );
    staticList.hidden = true;
    results.hidden = false;
    setStatus(
      total === 0
        ? 'No reviews match these filters.'
        : total > reviews.length
          ? `Showing the ${reviews.length} newest of ${total} matching reviews. Narrow the filters to see the others.`
          : `${total} matching review${total === 1 ? '' : 's'}, newest first.`,
    );
  }

  // Filtering happens on /reviews/ only: from /reviews/page/N/ the form submits normally to /reviews/?…,
  // so the address bar and the list below it always agree.
  const home = form.getAttribute('action') ?? '/reviews/';
  const onHome = location.pathname === home;
  form.addEventListener('submit', (event) => {
    if (!onHome) return;
    event.preventDefault();
    const filters = filtersFrom(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
    const query = filters.toString();
    history.pushState(null, '', `${home}${query ? `?${query}` : ''}`);
    void apply(filters);
  });
  document.getElementById('page_filters_clear')?.addEventListener('click', (event) => {
    if (!onHome) return;
    event.preventDefault();
    fillForm(new URLSearchParams());
    history.pushState(null, '', home);
    void apply(new URLSearchParams());
  });
  window.addEventListener('popstate', () => {
    const filters = filtersFrom(new URLSearchParams(location.search));
    fillForm(filters);
    void apply(filters);
  });

  const initial = filtersFrom(new URLSearchParams(location.search));
  fillForm(initial);
  if (onHome && [...initial.keys()].length > 0) void apply(initial);
}
