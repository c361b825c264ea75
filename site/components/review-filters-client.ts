/**
 * Progressive enhancement of the review filters (runs in the browser).
 * - Filters live in the query string under the API's own names, so a filtered URL is shareable.
 * - With filters present, results come from GET /api/reviews/search on the same origin.
 * - When the search service is not reachable (static hosting), the static, paginated list stays.
 * Review data is only ever written with textContent / attributes: never as HTML. Result cards are
 * the same card the build renders (site/lib/review-card.ts).
 */
import type { Review } from '../../core/schemas/review-schema.ts';
import { formatCount, plural } from '../../core/format/format-count.ts';
import { cardToDom, reviewCard } from '../lib/review-card.ts';

/** The search filters of the page: the same names as GET /api/reviews/search. */
export const FILTER_KEYS = ['query', 'rating', 'min_rating', 'since', 'until', 'mentions_technician', 'mentions_service'] as const;

interface SearchBody {
  reviews: Review[];
  count: number;
  total: number;
}
/** GET /api/reviews/find: reviews best match first (the fields the page uses). */
interface FindBody {
  reviews: Review[];
  total: number;
}
/** The page's ordering parameter (not an API filter): "best" ranks by GET /api/reviews/find. */
export const ORDER_KEY = 'order';
interface ErrorBody {
  error?: string;
  issues?: { path: string; message: string }[];
}

/** Builds an element with optional class and text content (text is never parsed as HTML). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The filters present in a query string, in a fixed order, empty values dropped; `order=best` kept when there are words. */
export function filtersFrom(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) out.set(key, value);
  }
  if (search.get(ORDER_KEY) === 'best' && out.has('query')) out.set(ORDER_KEY, 'best');
  return out;
}

/** Whether a review passes the non-text filters (used to narrow best-match results in the browser). */
export function passesFilters(r: Review, f: URLSearchParams): boolean {
  const num = (k: string) => (f.has(k) ? Number(f.get(k)) : undefined);
  const rating = num('rating');
  const min = num('min_rating');
  if (rating !== undefined && r.rating !== rating) return false;
  if (min !== undefined && r.rating < min) return false;
  if (f.has('since') && r.date < f.get('since')!) return false;
  if (f.has('until') && r.date > f.get('until')!) return false;
  if (f.has('mentions_technician') && !r.technicians.some((t) => t.id === f.get('mentions_technician'))) return false;
  if (f.has('mentions_service') && !r.services.some((s) => s.id === f.get('mentions_service'))) return false;
  return true;
}

type Outcome = { kind: 'ok'; body: SearchBody; ranked?: boolean; partial?: boolean } | { kind: 'invalid'; body: ErrorBody } | { kind: 'unavailable' };

async function search(filters: URLSearchParams, limit: string, signal: AbortSignal): Promise<Outcome> {
  const best = filters.get(ORDER_KEY) === 'best';
  const params = new URLSearchParams(best ? { q: filters.get('query') ?? '' } : filters);
  params.set('limit', limit);
  let res: Response;
  try {
    res = await fetch(`/api/reviews/${best ? 'find' : 'search'}?${params}`, { headers: { Accept: 'application/json' }, signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { kind: 'unavailable' };
  }
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  if (res.status === 400 && isJson) return { kind: 'invalid', body: (await res.json()) as ErrorBody };
  if (!res.ok || !isJson) return { kind: 'unavailable' };
  const body = (await res.json()) as SearchBody | FindBody;
  if (!Array.isArray(body.reviews)) return { kind: 'unavailable' };
  if (!best) return { kind: 'ok', body: body as SearchBody };
  // Best match ranks by the words; the other filters then narrow the ranked list here.
  const reviews = body.reviews.filter((r) => passesFilters(r, filters));
  return {
    kind: 'ok',
    body: { reviews, count: reviews.length, total: reviews.length },
    ranked: true,
    ...(reviews.length < body.reviews.length || body.total > body.reviews.length ? { partial: true } : {}),
  };
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
    if (showing) showing.hidden = false;
  };
  // Best match needs the sidecar: the choice appears only with JavaScript, and falls back with the rest.
  // Shown once the script runs; its space is kept from the start, so nothing shifts (CLS 0).
  document.getElementById('page_order_field')?.classList.remove('field--deferred');
  const more = document.getElementById('page_filters_more') as HTMLDetailsElement | null;
  // "Showing 1–50" describes the static page; it is hidden while filter results replace that list.
  const showing = document.getElementById('page_showing');
  const fillForm = (filters: URLSearchParams) => {
    // The folded filters open when the URL uses one of them, so the form shows what is applied.
    if (more && FILTER_KEYS.some((key) => key !== 'query' && filters.has(key))) more.open = true;
    const order = form.elements.namedItem(ORDER_KEY) as HTMLSelectElement | null;
    if (order) order.value = filters.get(ORDER_KEY) ?? '';
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
        li.append(cardToDom(reviewCard(r, owner)));
        return li;
      }),
    );
    staticList.hidden = true;
    if (showing) showing.hidden = true;
    results.hidden = false;
    setStatus(
      outcome.ranked
        ? total === 0
          ? 'No reviews match these words and filters.'
          : `${plural(total, 'review')}, best match first${outcome.partial ? ' (the 100 best matches of the words, narrowed by the other filters)' : ''}.`
        : total === 0
          ? 'No reviews match these filters.'
          : total > reviews.length
            ? `Showing the ${formatCount(reviews.length)} newest of ${plural(total, 'matching review')}. Narrow the filters to see the others.`
            : `${plural(total, 'matching review')}, newest first.`,
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
