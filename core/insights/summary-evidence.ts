import type { AspectId } from '../schemas/business-schema.ts';
import type { EntityInsight } from '../schemas/insights-schema.ts';
import type { AnalyzedReview } from './analyze-review.ts';
import type { SummaryEvidence } from './build-summary.ts';
import { FACT_CITATIONS } from './build-summary.ts';
import { mergeNewest, newestReviews, type CitedReview } from './newest-reviews.ts';
import type { TechnicianReviews } from './rank-technicians.ts';

/** The newest FACT_CITATIONS reviews behind each of the summary's figures, of a set of reviews. */
export interface EvidencePartial {
  all: CitedReview[];
  ratingOnly: CitedReview[];
  otherLanguage: CitedReview[];
  /** Per aspect the reviews mention: the reviews with a positive / negative / any mention of it. */
  aspects: Map<AspectId, Record<'positive' | 'negative' | 'any', CitedReview[]>>;
}

/** The summary's evidence of a set of reviews: one pass, each list capped at FACT_CITATIONS. */
export function collectEvidence(analyzed: readonly AnalyzedReview[]): EvidencePartial {
  const lists = { all: [] as CitedReview[], ratingOnly: [] as CitedReview[], otherLanguage: [] as CitedReview[] };
  const aspects = new Map<AspectId, Record<'positive' | 'negative' | 'any', CitedReview[]>>();
  for (const a of analyzed) {
    const r = a.review;
    lists.all.push(r);
    if (a.unread === 'no-text') lists.ratingOnly.push(r);
    if (a.unread === 'language') lists.otherLanguage.push(r);
    for (const m of a.mentions) {
      let x = aspects.get(m.aspect);
      if (!x) aspects.set(m.aspect, (x = { positive: [], negative: [], any: [] }));
      // A review once per list: its mentions come together.
      if (x.any.at(-1) !== r) x.any.push(r);
      if (m.polarity !== 'neutral' && x[m.polarity].at(-1) !== r) x[m.polarity].push(r);
    }
  }
  const newest = (list: readonly CitedReview[]) => newestReviews(list, FACT_CITATIONS);
  return {
    all: newest(lists.all),
    ratingOnly: newest(lists.ratingOnly),
    otherLanguage: newest(lists.otherLanguage),
    aspects: new Map([...aspects].map(([id, x]) => [id, { positive: newest(x.positive), negative: newest(x.negative), any: newest(x.any) }])),
  };
}

/** The evidence of disjoint sets of reviews, as one. */
export function mergeEvidence(parts: readonly EvidencePartial[]): EvidencePartial {
  const merge = (lists: readonly (readonly CitedReview[])[]) => mergeNewest(lists, FACT_CITATIONS);
  const ids = new Set(parts.flatMap((p) => [...p.aspects.keys()]));
  const side = (id: AspectId, s: 'positive' | 'negative' | 'any') => merge(parts.map((p) => p.aspects.get(id)?.[s] ?? []));
  return {
    all: merge(parts.map((p) => p.all)),
    ratingOnly: merge(parts.map((p) => p.ratingOnly)),
    otherLanguage: merge(parts.map((p) => p.otherLanguage)),
    aspects: new Map([...ids].map((id) => [id, { positive: side(id, 'positive'), negative: side(id, 'negative'), any: side(id, 'any') }])),
  };
}

/**
 * The review ids behind each summary figure, newest first and capped at FACT_CITATIONS per
 * list: all reviews, rating-only, other-language, per aspect the reviews with a positive /
 * negative / any mention (the same mentions the aspect counts come from), and per technician the
 * reviews that name them (`listed`: collectTechnicianReviews).
 */
export function summaryEvidence(evidence: EvidencePartial, technicians: readonly EntityInsight[], listed: TechnicianReviews): SummaryEvidence {
  const ids = (list: readonly CitedReview[]) => list.map((r) => r.id);
  return {
    all: ids(evidence.all),
    ratingOnly: ids(evidence.ratingOnly),
    otherLanguage: ids(evidence.otherLanguage),
    aspects: new Map([...evidence.aspects].map(([id, x]) => [id, { positive: ids(x.positive), negative: ids(x.negative), any: ids(x.any) }])),
    technicians: new Map(technicians.map((t) => [t.id, ids(newestReviews(listed[t.id] ?? [], FACT_CITATIONS))])),
  };
}
