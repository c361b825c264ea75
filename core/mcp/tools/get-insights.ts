import { z } from 'zod';
import { InsightsDocumentSchema } from '../../schemas/insights-schema.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

export const INSIGHT_SECTIONS = ['aspects', 'entities', 'topics', 'faq', 'summary'] as const;

export const getInsightsDescriptor = defineToolDescriptor({
  name: 'get_insights',
  title: 'Sentiment insights',
  description:
    'Use to learn what customers praise or criticise without reading every review: per-aspect sentiment ' +
    '(workmanship, timeliness, communication, cleanup, price, professionalism, warranty, insurance) with ' +
    'quarterly trends and supporting quotes; technicians, services and service areas with mention counts; ' +
    'recurring topics; an FAQ answered from review evidence; and an editorial summary. Pass `section` to get ' +
    'only one part (smaller); omit it for all. Quotes cite review ids you can open with get_review.',
  inputSchema: z
    .object({
      section: z
        .enum(INSIGHT_SECTIONS)
        .optional()
        .meta({ description: 'Only this part: "aspects", "entities", "topics", "faq" or "summary". Omit for everything.' }),
    })
    .strict(),
  outputSchema: InsightsDocumentSchema.partial({ aspects: true, entities: true, topics: true, faq: true, summary: true }).safeExtend({
    section: z.enum([...INSIGHT_SECTIONS, 'all']).meta({ description: 'Which part is included ("all" for every part).' }),
  }),
});
