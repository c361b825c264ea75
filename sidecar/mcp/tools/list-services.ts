import { entityStatsOf, NO_MENTIONS } from '../internal/entity-stats.ts';
import { defineTool } from './tool-definition.ts';
import { listServicesDescriptor } from '../../../core/mcp/tools/list-services.ts';

/** listServices: the descriptor is core/mcp/tools/list-services.ts; this adds what it does. */
export const listServicesTool = defineTool(listServicesDescriptor, {
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
