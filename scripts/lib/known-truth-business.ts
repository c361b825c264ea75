/**
 * Businesses whose truth is known (issue 23's check, run on our own held-out writer): reviews made of labelled
 * corpus sentences, one review per corpus review, published as the build publishes them, and every published
 * figure compared with the labels — the negative share per aspect against its interval, the top complaint, and
 * whether each quote and FAQ example says what it is cited for. Used by `npm run eval` and by the known-truth test.
 * Figures only: no corpus text is printed.
 */
import { ASPECT_QUESTIONS, COMPLAINT, PRAISE } from '../../core/insights/build-faq.ts';
import { extractMentions } from '../../core/insights/extract-mentions.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { InsightsDocument, Polarity } from '../../core/schemas/insights-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import type { CorpusItem } from './absa-corpus.ts';

/** Days of a month the reviews are spread over, one a day, so every quarter has some. */
const DAYS = 28;
const MONTHS = 12;

/** One published review per corpus review: its sentences joined, its stars as the rating, its mentions found in the text. */
export function knownTruthReviews(items: readonly CorpusItem[], business: BusinessConfig): Review[] {
  const byReview = new Map<string, CorpusItem[]>();
  for (const it of items) byReview.set(it.review, [...(byReview.get(it.review) ?? []), it]);
  return [...byReview].map(([id, sentences], i) => {
    const date = `2025-${String(1 + (Math.floor(i / DAYS) % MONTHS)).padStart(2, '0')}-${String(1 + (i % DAYS)).padStart(2, '0')}`;
    const text = sentences.map((s) => s.text).join(' ');
    const found = extractMentions(text, business);
    const refs = (catalog: readonly { id: string; name: string }[], ids: readonly string[]) =>
      ids.map((x) => ({ id: x, name: catalog.find((c) => c.id === x)!.name }));
    const area = found.serviceAreas[0];
    return {
      id: `k-${id}`,
      date,
      rating: sentences[0]!.stars ?? 3,
      text,
      author: 'Known T.',
      source: { platform: 'google' },
      language: 'en',
      url: `https://reviews.example/reviews/k-${id}/`,
      verification: { status: 'verified', method: 'job-match', verifiedOn: date },
      technicians: refs(business.technicians, found.technicians),
      services: refs(business.services, found.services),
      serviceArea: area ? refs(business.serviceAreas, [area])[0]! : null,
      photos: [],
    };
  });
}

/** The labels' negative share of opinions (negative ÷ positive + negative) and number of opinions, per aspect. */
export function knownTruth(
  items: readonly CorpusItem[],
  business: Pick<BusinessConfig, 'aspects'>,
): Map<string, { share: number; opinions: number }> {
  const out = new Map<string, { share: number; opinions: number }>();
  for (const a of business.aspects) {
    const labels = items.flatMap((it) => it.labels.filter((l) => l.category === a.id && l.polarity !== 'neutral'));
    const negative = labels.filter((l) => l.polarity === 'negative').length;
    out.set(a.id, { share: labels.length ? negative / labels.length : 0, opinions: labels.length });
  }
  return out;
}

/** A published claim: a quoted text and the aspect (null: any, for entity quotes) and polarity it is quoted for. */
export interface Claim {
  text: string;
  aspect: string | null;
  polarity: Polarity;
}

/** Every claim the document publishes: aspect quotes, FAQ examples, summary quotes, entity quotes. */
export function publishedClaims(doc: Omit<InsightsDocument, 'moderation'>): Claim[] {
  const out: Claim[] = [];
  for (const a of doc.aspects)
    for (const q of [...a.quotes.positive, ...a.quotes.negative]) out.push({ text: q.text, aspect: a.id, polarity: q.polarity });
  const faqAspect = new Map(ASPECT_QUESTIONS.map((q) => [q.id, q.aspect]));
  for (const f of doc.faq)
    for (const m of f.answer.matchAll(new RegExp(`(${PRAISE}|${COMPLAINT}): "([^"]+)"`, 'g')))
      out.push({ text: m[2]!, aspect: faqAspect.get(f.id) ?? null, polarity: m[1] === PRAISE ? 'positive' : 'negative' });
  const facts = new Map(doc.summary.facts.map((f) => [f.key, f.value]));
  for (const [key, polarity] of [
    ['quotePositive', 'positive'],
    ['quoteNegative', 'negative'],
  ] as const)
    if (typeof facts.get(key) === 'string') out.push({ text: String(facts.get(key)), aspect: String(facts.get(`${key}Aspect`)), polarity });
  for (const kind of ['technicians', 'services', 'serviceAreas'] as const)
    for (const e of doc.entities[kind]) for (const q of e.quotes) out.push({ text: q.text, aspect: null, polarity: q.polarity });
  return out;
}

/** Whether the labelled sentence a claim quotes carries its aspect (any, when null) with its polarity. */
export function isTrueClaim(c: Claim, items: readonly CorpusItem[]): boolean {
  const sentence = items.find((it) => it.text.includes(c.text) || c.text.includes(it.text));
  return Boolean(sentence?.labels.some((l) => (c.aspect === null || l.category === c.aspect) && l.polarity === c.polarity));
}

/**
 * Issue 23's business B on other sentences: `worst` made clearly the worst aspect (its negative share raised to at
 * least `worstShare` by leaving out sentences that only praise it), every other aspect's share cut to at most
 * `othersAtMost` by leaving out sentences that criticise it and not `worst`. Deterministic: corpus order.
 */
export function clearlyWorst(
  items: readonly CorpusItem[],
  business: Pick<BusinessConfig, 'aspects'>,
  worst: string,
  worstShare = 0.59,
  othersAtMost = 0.32,
): CorpusItem[] {
  const keep = new Set(items.map((it) => it.id));
  const has = (it: CorpusItem, aspect: string, polarity: Polarity) => it.labels.some((l) => l.category === aspect && l.polarity === polarity);
  const truth = knownTruth(items, business);
  for (const a of business.aspects) {
    if (a.id === worst) continue;
    const t = truth.get(a.id)!;
    const allowed = Math.floor((othersAtMost * t.opinions * (1 - t.share)) / (1 - othersAtMost));
    let negatives = Math.round(t.share * t.opinions);
    for (const it of items) {
      if (negatives <= allowed) break;
      if (keep.has(it.id) && has(it, a.id, 'negative') && !it.labels.some((l) => l.category === worst)) {
        keep.delete(it.id);
        negatives--;
      }
    }
  }
  const w = knownTruth(
    items.filter((it) => keep.has(it.id)),
    business,
  ).get(worst)!;
  const negative = w.share * w.opinions;
  let positive = w.opinions - negative;
  for (const it of items) {
    if (negative / (negative + positive) >= worstShare) break;
    if (keep.has(it.id) && has(it, worst, 'positive') && !it.labels.some((l) => l.polarity === 'negative')) {
      keep.delete(it.id);
      positive--;
    }
  }
  return items.filter((it) => keep.has(it.id));
}
