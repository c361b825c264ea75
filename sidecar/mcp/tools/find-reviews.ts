import { findReviewsDescriptor } from '../../../core/mcp/tools/find-reviews.ts';
import { runFind } from '../../../core/find/run-find.ts';
import { defineTool } from './tool-definition.ts';

/** findReviews: the descriptor is core/mcp/tools/find-reviews.ts; this runs the snapshot's find engine. */
export const findReviewsTool = defineTool(findReviewsDescriptor, {
  run(args, { snapshot }) {
    return runFind(snapshot.find, args);
  },
});
