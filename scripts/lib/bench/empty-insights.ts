import { describeMethod } from '../../../core/insights/build-insights.ts';
import { RULES_ONLY } from '../../../core/insights/model/absa-model.ts';
import type { ModelEngines } from '../../../core/model/build-site-model.ts';

/** Who skipped the insights and why: shown as the method's engine and description. */
export interface EmptyInsightsNote {
  engine: string;
  description: string;
  /** The editorial summary's text (default "Not computed."). */
  summary?: string;
}

/**
 * A `buildInsights` engine that computes nothing: a valid insights document with no aspects, entities,
 * topics or FAQ, for a site model whose bench or test does not look at insights (they would cost
 * seconds at 100k reviews, or tie a renderer test to the reader). Shared by bench-mcp and
 * tests/helpers/sample-model.ts.
 */
export function emptyInsights(note: EmptyInsightsNote): ModelEngines['buildInsights'] {
  return ({ reviews }) => ({
    version: '1.0.0',
    updated: reviews[0]?.date ?? null,
    method: { ...describeMethod(RULES_ONLY), engine: note.engine, description: note.description },
    reviewCount: reviews.length,
    aspects: [],
    entities: { technicians: [], services: [], serviceAreas: [] },
    topics: [],
    faq: [],
    summary: { text: note.summary ?? 'Not computed.', facts: [] },
  });
}
