import { defineTool } from './tool-definition.ts';
import { getBusinessDescriptor } from '../../../core/mcp/tools/get-business.ts';

/** getBusiness: the descriptor is core/mcp/tools/get-business.ts; this adds what it does. */
export const getBusinessTool = defineTool(getBusinessDescriptor, {
  run(_args, { snapshot }) {
    const { business, aggregateRating, updated } = snapshot.reviewsDocument;
    return { business, aggregateRating, updated };
  },
});
