import { entityStatsOf, NO_MENTIONS } from '../internal/entity-stats.ts';
import { defineTool } from './tool-definition.ts';
import { listTechniciansDescriptor } from '../../../core/mcp/tools/list-technicians.ts';

/** listTechnicians: the descriptor is core/mcp/tools/list-technicians.ts; this adds what it does. */
export const listTechniciansTool = defineTool(listTechniciansDescriptor, {
  run(_args, { snapshot }) {
    const stats = entityStatsOf(snapshot).technicians;
    return {
      technicians: snapshot.reviewsDocument.business.technicians.map((t) => ({
        id: t.id,
        name: t.name,
        role: t.role ?? null,
        aliases: t.aliases,
        ...(stats.get(t.id) ?? NO_MENTIONS),
      })),
    };
  },
});
