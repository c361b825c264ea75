import { z } from 'zod';
import { AggregateRatingSchema } from '../../schemas/aggregate-rating-schema.ts';
import { BusinessSchema } from '../../schemas/business-schema.ts';
import { CalendarDateSchema } from '../../schemas/primitives.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

export const getBusinessDescriptor = defineToolDescriptor({
  name: 'get_business',
  title: 'Business details and overall rating',
  description:
    'Use first, or whenever you need facts about the roofing business itself: name, contact details, address, ' +
    'opening hours, service areas, services, technicians, the aspects reviews are analysed on, and the overall ' +
    'rating (average, count, 1–5 histogram) of all verified reviews. Takes no arguments.',
  inputSchema: z.object({}).strict(),
  outputSchema: z
    .object({
      business: BusinessSchema,
      aggregateRating: AggregateRatingSchema,
      updated: CalendarDateSchema.nullable().meta({ description: 'Newest date in the review data; null when there are no reviews.' }),
    })
    .strict(),
});
