import { z } from 'zod';
import { RatingHistogramSchema } from '../../schemas/aggregate-rating-schema.ts';
import { CalendarDateSchema } from '../../schemas/primitives.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

/** Longest trend returned in one call (50 years of months, 150 of quarters: plenty for one business). */
export const MAX_TREND_PERIODS = 600;

const count = z.int().min(0);

export const getRatingSummaryDescriptor = defineToolDescriptor({
  name: 'get_rating_summary',
  title: 'Rating statistics and trend',
  description:
    'Use for numbers about ratings: the average, count and 1–5 star histogram of the reviews in a date range ' +
    '(all reviews without since/until), and how the average and volume moved per month or per quarter over ' +
    'that range. Use get_insights instead for what customers praise or criticize.',
  inputSchema: z
    .object({
      since: CalendarDateSchema.optional().meta({ description: 'First day of the range, YYYY-MM-DD (default: date of the oldest review).' }),
      until: CalendarDateSchema.optional().meta({ description: 'Last day of the range, YYYY-MM-DD (default: date of the newest review).' }),
      granularity: z.enum(['month', 'quarter']).default('month').meta({ description: 'Trend period: "month" (default) or "quarter".' }),
    })
    .strict()
    .superRefine((a, ctx) => {
      if (a.since && a.until && a.since > a.until) ctx.addIssue({ code: 'custom', path: ['since'], message: 'since must not be after until' });
    }),
  outputSchema: z
    .object({
      from: CalendarDateSchema.nullable().meta({ description: 'Start of the range covered; null when there is nothing to cover.' }),
      to: CalendarDateSchema.nullable().meta({ description: 'End of the range covered; null when there is nothing to cover.' }),
      granularity: z.enum(['month', 'quarter']),
      average: z.number().min(0).max(5).meta({ description: 'Mean star rating in the range, 2 decimals; 0 when there are no reviews.' }),
      count: count.meta({ description: 'Reviews in the range.' }),
      histogram: RatingHistogramSchema,
      trend: z
        .array(
          z
            .object({
              period: z.string().meta({ description: '"YYYY-MM" or "YYYY-Qn".' }),
              from: CalendarDateSchema,
              to: CalendarDateSchema,
              count,
              average: z.number().min(1).max(5).nullable().meta({ description: 'Mean rating in the period; null when it has no reviews.' }),
            })
            .strict(),
        )
        .meta({ description: 'One point per period of the range, oldest first, empty periods included.' }),
    })
    .strict(),
});
