import type { AspectId, BusinessConfig } from '../schemas/business-schema.ts';
import type { EntityInsight, Polarity, Quote } from '../schemas/insights-schema.ts';
import { addCounts, round2 } from './aggregate-aspects.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { Mentions } from './extract-mentions.ts';
import {
  mergePools,
  quotePool,
  quotesFromPool,
  readBothWays,
  sureCandidate,
  WORDING_POOL,
  type PooledQuote,
  type QuoteCandidate,
} from './select-quotes.ts';

/** Quotes per entity: the clearest praise, and a complaint whenever there is one. */
export const QUOTES_PER_ENTITY = 3;

type Kind = keyof Mentions;

interface EntityRef {
  id: string;
  name: string;
}

/** What the entity insights keep of a set of reviews: per kind, per catalog entity (by id). */
export type EntitiesPartial = Record<Kind, Record<string, EntityTally>>;

interface EntityTally {
  /** Reviews that mention the entity (a review listing it twice counts twice, as it did). */
  mentions: number;
  ratingSum: number;
  aspects: Partial<Record<AspectId, Record<Polarity, number>>>;
  positive: PooledQuote[];
  negative: PooledQuote[];
}

/**
 * Quote candidates kept per side (balancedQuotes): one complaint; praise for the other quotes, from the best of the
 * reviews but the complaint's — twelve without a complaint, eight besides its review with one.
 */
const NEGATIVE_POOL = 1 * WORDING_POOL;
const POSITIVE_POOL = QUOTES_PER_ENTITY * WORDING_POOL;

/** The entities' tallies of a set of reviews: one pass over the reviews, bucketing each under the entities it mentions. */
export function collectEntities(analyzed: readonly AnalyzedReview[], business: BusinessConfig): EntitiesPartial {
  const build = (kind: Kind, catalog: readonly EntityRef[], idsOf: (r: AnalyzedReview['review']) => string[]) => {
    const byEntity = new Map<string, AnalyzedReview[]>(catalog.map((e) => [e.id, []]));
    for (const a of analyzed) for (const id of idsOf(a.review)) byEntity.get(id)?.push(a);
    return Object.fromEntries(catalog.map((e) => [e.id, entityTally(e, kind, byEntity.get(e.id)!)]));
  };
  return {
    technicians: build('technicians', business.technicians, (r) => r.technicians.map((t) => t.id)),
    services: build('services', business.services, (r) => r.services.map((s) => s.id)),
    serviceAreas: build('serviceAreas', business.serviceAreas, (r) => (r.serviceArea ? [r.serviceArea.id] : [])),
  };
}

/** The entities' tallies of disjoint sets of reviews, as one. */
export function mergeEntities(parts: readonly EntitiesPartial[], business: BusinessConfig): EntitiesPartial {
  const merge = (kind: Kind, catalog: readonly EntityRef[]) =>
    Object.fromEntries(
      catalog.map((e) => {
        const tallies = parts.map((p) => p[kind][e.id]!);
        const aspects: EntityTally['aspects'] = {};
        for (const t of tallies) {
          for (const [id, c] of Object.entries(t.aspects) as [AspectId, Record<Polarity, number>][])
            addCounts((aspects[id] ??= { positive: 0, negative: 0, neutral: 0 }), c);
        }
        const tally: EntityTally = {
          mentions: tallies.reduce((sum, t) => sum + t.mentions, 0),
          ratingSum: tallies.reduce((sum, t) => sum + t.ratingSum, 0),
          aspects,
          positive: mergePools(
            tallies.map((t) => t.positive),
            POSITIVE_POOL,
          ),
          negative: mergePools(
            tallies.map((t) => t.negative),
            NEGATIVE_POOL,
          ),
        };
        return [e.id, tally];
      }),
    );
  return {
    technicians: merge('technicians', business.technicians),
    services: merge('services', business.services),
    serviceAreas: merge('serviceAreas', business.serviceAreas),
  };
}

/** Entity insights for technicians, services and service areas, each list sorted by mentions. */
export function aggregateEntities(tallies: EntitiesPartial, business: BusinessConfig): Record<Kind, EntityInsight[]> {
  const order = business.aspects.map((a) => a.id);
  const build = (kind: Kind, catalog: readonly EntityRef[]) => catalog.map((e) => entityInsight(e, tallies[kind][e.id]!, order)).sort(byMentions);
  return {
    technicians: build('technicians', business.technicians),
    services: build('services', business.services),
    serviceAreas: build('serviceAreas', business.serviceAreas),
  };
}

/**
 * One entity's tally over the reviews that mention it (as published: stated in content or extracted from the
 * text): their ratings, the aspect sentiment of the sentences that name it (all of the review
 * when no sentence names it, e.g. a technician recorded on the job but not named by the customer;
 * for towns always all of the review), and quote candidates: sure readings of sentences that name it.
 */
function entityTally(entity: EntityRef, kind: Kind, reviews: readonly AnalyzedReview[]): EntityTally {
  const aspects: EntityTally['aspects'] = {};
  const candidates: Record<'positive' | 'negative', QuoteCandidate[]> = { positive: [], negative: [] };
  let ratingSum = 0;
  for (const a of reviews) {
    ratingSum += a.review.rating;
    // The sentences that name the entity: a short list (a review has a few sentences; a Set per review cost more).
    const naming: number[] = [];
    for (let i = 0; i < a.named.length; i++) if (a.named[i]![kind].includes(entity.id)) naming.push(i);
    for (const m of a.mentions) {
      if (kind !== 'serviceAreas' && naming.length > 0 && !naming.includes(m.sentence)) continue;
      (aspects[m.aspect] ??= { positive: 0, negative: 0, neutral: 0 })[m.polarity]++;
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
  return {
    mentions: reviews.length,
    ratingSum,
    aspects,
    positive: quotePool(candidates.positive, POSITIVE_POOL),
    negative: quotePool(candidates.negative, NEGATIVE_POOL),
  };
}

/** One entity as published: its tally's averages, aspects in the inventory's order, and quotes balanced between the sides. */
function entityInsight(entity: EntityRef, t: EntityTally, aspectOrder: readonly AspectId[]): EntityInsight {
  const quotes = balancedQuotes(t);
  const counted = Object.values(t.aspects);
  return {
    id: entity.id,
    name: entity.name,
    mentions: t.mentions,
    averageRating: t.mentions ? round2(t.ratingSum / t.mentions) : null,
    aspects: aspectOrder.filter((id) => t.aspects[id]).map((id) => ({ id, ...t.aspects[id]! })),
    quotes,
    unquoted: SIDES.filter((side) => counted.some((c) => c[side] > 0) && !quotes.some((q) => q.polarity === side)),
  };
}

/** The sides an entity's readings can have a quote on (a neutral reading is never quoted). */
const SIDES = ['positive', 'negative'] as const;

function balancedQuotes(t: Pick<EntityTally, 'positive' | 'negative'>): Quote[] {
  const negative = quotesFromPool(t.negative, 1);
  const taken = new Set(negative.map((q) => q.reviewId));
  const limit = QUOTES_PER_ENTITY - negative.length;
  const positive = quotesFromPool(t.positive.filter((x) => !taken.has(x.id)).slice(0, limit * WORDING_POOL), limit);
  return [...positive, ...negative];
}

function byMentions(a: EntityInsight, b: EntityInsight): number {
  return b.mentions - a.mentions;
}
