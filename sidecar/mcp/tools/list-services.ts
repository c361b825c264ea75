import { z } from 'zod';
import { SlugSchema } from '../../../core/schemas/primitives.ts';
import { entityStatsOf, NO_MENTIONS } from '../internal/entity-stats.ts';
import { EntityStatsShape } from './list-technicians.ts';
import { defineTool } from './tool-definition.ts';

export const listServicesTool = defineTool({
  name: 'list_services',
  title: 'Services and how customers rate them',
  description:
    'Use to see what the business offers (roof replacement, repairs, gutters…) with the count, average rating ' +
    'and newest date of the reviews that mention each service. Pass a service id as `mentions_service` to ' +
    'search_reviews to read those reviews. Takes no arguments.',
  inputSchema: z.object({}).strict(),
  outputSchema: z
    .object({
      services: z.array(
        z.object({ id: SlugSchema, name: z.string(), description: z.string().nullable(), ...EntityStatsShape }).strict(),
      ),
    })
    .strict(),
  run(_args, { snapshot }) {
    const stats = entityStatsOf(snapshot).services;
    return {
      services: snapshot.reviewsDocument.business.services.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description ?? null,
        ...(stats.get(s.id) ?? NO_MENTIONS),
      })),
    };
  },
});
