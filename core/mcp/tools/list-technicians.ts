import { z } from 'zod';
import { CalendarDateSchema, SlugSchema } from '../../schemas/primitives.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

export const EntityStatsShape = {
  reviewCount: z
    .int()
    .min(0)
    .meta({ description: 'Verified reviews that mention it, by name in the text or through the job record the review was matched to.' }),
  averageRating: z.number().min(1).max(5).nullable().meta({ description: 'Mean rating of those reviews, 2 decimals; null without reviews.' }),
  latestReviewDate: CalendarDateSchema.nullable().meta({ description: 'Date of the newest of those reviews.' }),
};

export const listTechniciansDescriptor = defineToolDescriptor({
  name: 'list_technicians',
  title: 'Technicians and how customers rate them',
  description:
    'Use to see who works for the business and how the reviews that mention each technician rate: count, ' +
    'average rating, newest review date, plus the aliases customers use. Pass an id or name as ' +
    '`mentions_technician` to search_reviews to read those reviews. Takes no arguments.',
  inputSchema: z.object({}).strict(),
  outputSchema: z
    .object({
      technicians: z.array(
        z
          .object({
            id: SlugSchema,
            name: z.string(),
            role: z.string().nullable(),
            aliases: z.array(z.string()).meta({ description: 'Other names customers use; search_reviews matches them too.' }),
            ...EntityStatsShape,
          })
          .strict(),
      ),
    })
    .strict(),
});
