import { z } from 'zod';
import { InsightsDocumentSchema } from '../../schemas/insights-schema.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

export const INSIGHT_SECTIONS = ['aspects', 'entities', 'topics', 'faq', 'summary'] as const;

export const getInsightsDescriptor = defineToolDescriptor({
  name: 'get_insights',
  title: 'Sentiment insights',
  description:
    'Use to learn what customers praise or criticize without reading every review. Per aspect (workmanship, timeliness, ' +
    'communication, cleanup, price, professionalism, warranty, insurance): the estimated number of opinions and the share ' +
    'that are negative with a 90% interval (negativeShare; null below 30 opinions), already corrected for the errors the ' +
    'reading software was measured to make, and the same in plain words (inWords, e.g. "about half of 54 opinions on cleanup ' +
    'are negative (38–66%)") — quote inWords rather than the raw mentions, score and trend, which are uncorrected (score is ' +
    'null below 30 opinions). shareTrend.direction "steady" means no change its intervals can tell apart: say "no clear ' +
    'change", never that the share is flat. Also: technicians, ' +
    'services and service areas with mention counts; recurring topics; an FAQ answered from review evidence; and a summary ' +
    'whose facts name the topComplaint and mostPraised aspect only when the evidence does (else null: say there is no clear ' +
    'one). Pass `section` to get only one part (smaller); omit it for all. Quotes are readings the software is sure of and ' +
    'cite review ids you can open with get_review.',
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
