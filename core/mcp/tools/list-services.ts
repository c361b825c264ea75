import { z } from 'zod';
import { SlugSchema } from '../../schemas/primitives.ts';
import { EntityStatsShape } from './list-technicians.ts';
import { defineToolDescriptor } from '../tool-descriptor.ts';

export const listServicesDescriptor = defineToolDescriptor({
  name: 'list_services',
  title: 'Services and how customers rate them',
  description:
    'Use to see what the business offers (roof replacement, repairs, gutters…) with the count, average rating ' +
    'and newest date of the reviews that mention each service. Pass a service id as `mentions_service` to ' +
    'search_reviews to read those reviews. Takes no arguments.',
  inputSchema: z.object({}).strict(),
  outputSchema: z
    .object({
      services: z.array(z.object({ id: SlugSchema, name: z.string(), description: z.string().nullable(), ...EntityStatsShape }).strict()),
    })
    .strict(),
});
