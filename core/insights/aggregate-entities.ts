import type { AspectId, BusinessConfig } from '../schemas/business-schema.ts';
import type { EntityInsight, Polarity, Quote } from '../schemas/insights-schema.ts';
import { round2 } from './aggregate-aspects.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { Mentions } from './extract-mentions.ts';
import { pickQuotes, readBothWays, sureCandidate, type QuoteCandidate } from './select-quotes.ts';

/** Quotes per entity: the clearest praise, and a complaint whenever there is one. */
export const QUOTES_PER_ENTITY = 3;

type Kind = keyof Mentions;

interface EntityRef {
  id: string;
  name: string;
}

/** Entity insights for technicians, services and service areas, each list sorted by mentions. */
export function aggregateEntities(analyzed: readonly AnalyzedReview[], business: BusinessConfig): Record<Kind, EntityInsight[]> {
  const order = business.aspects.map((a) => a.id);
  const build = (kind: Kind, catalog: readonly EntityRef[], idsOf: (r: AnalyzedReview['review']) => string[]): EntityInsight[] => {
    // One pass over the reviews, bucketing each under the entities it mentions.
    const byEntity = new Map<string, AnalyzedReview[]>(catalog.map((e) => [e.id, []]));
    for (const a of analyzed) for (const id of idsOf(a.review)) byEntity.get(id)?.push(a);
    return catalog.map((e) => entityInsight(e, kind, byEntity.get(e.id)!, order)).sort(byMentions);
  };
  return {
    technicians: build('technicians', business.technicians, (r) => r.technicians.map((t) => t.id)),
    services: build('services', business.services, (r) => r.services.map((s) => s.id)),
    serviceAreas: build('serviceAreas', business.serviceAreas, (r) => (r.serviceArea ? [r.serviceArea.id] : [])),
  };
}

/**
 * One entity: the reviews that mention it (as published: stated in content or extracted from the
 * text), their mean rating, the aspect sentiment of the sentences that name it (all of the review
 * when no sentence names it, e.g. a technician recorded on the job but not named by the customer;
 * for towns always all of the review), and quotes: sure readings of sentences that name it.
 */
function entityInsight(entity: EntityRef, kind: Kind, reviews: readonly AnalyzedReview[], aspectOrder: readonly AspectId[]): EntityInsight {
  const aspects = new Map<AspectId, Record<Polarity, number>>();
  const candidates: Record<'positive' | 'negative', QuoteCandidate[]> = { positive: [], negative: [] };
  let ratingSum = 0;
  for (const a of reviews) {
    ratingSum += a.review.rating;
    // The sentences that name the entity: a short list (a review has a few sentences; a Set per review cost more).
    const naming: number[] = [];
    for (let i = 0; i < a.named.length; i++) if (a.named[i]![kind].includes(entity.id)) naming.push(i);
    for (const m of a.mentions) {
      if (kind !== 'serviceAreas' && naming.length > 0 && !naming.includes(m.sentence)) continue;
      const c = aspects.get(m.aspect) ?? { positive: 0, negative: 0, neutral: 0 };
      c[m.polarity]++;
      aspects.set(m.aspect, c);
    }
    // Quotes: sure readings in the sentences that name the entity (for a town, any sentence of a review there), never
    // a sentence read both ways (it does not say which side the entity is on).
    const quotable = kind === 'serviceAreas' && naming.length === 0 ? null : naming;
    for (const m of a.mentions) {
      if ((quotable && !quotable.includes(m.sentence)) || readBothWays(a, m.sentence)) continue;
      const c = sureCandidate(a, m);
      if (c) candidates[c.polarity as 'positive' | 'negative'].push(c);
    }
  }
  const quotes = balancedQuotes(candidates);
  return {
    id: entity.id,
    name: entity.name,
    mentions: reviews.length,
    averageRating: reviews.length ? round2(ratingSum / reviews.length) : null,
    aspects: aspectOrder.filter((id) => aspects.has(id)).map((id) => ({ id, ...aspects.get(id)! })),
    quotes,
    unquoted: SIDES.filter((side) => [...aspects.values()].some((c) => c[side] > 0) && !quotes.some((q) => q.polarity === side)),
  };
}

/** The sides an entity's readings can have a quote on (a neutral reading is never quoted). */
const SIDES = ['positive', 'negative'] as const;

function balancedQuotes(c: Record<'positive' | 'negative', QuoteCandidate[]>): Quote[] {
  const negative = pickQuotes(c.negative, 1);
  const taken = new Set(negative.map((q) => q.reviewId));
  const positive = pickQuotes(
    c.positive.filter((x) => !taken.has(x.analyzed.review.id)),
    QUOTES_PER_ENTITY - negative.length,
  );
  return [...positive, ...negative];
}

function byMentions(a: EntityInsight, b: EntityInsight): number {
  return b.mentions - a.mentions;
}
