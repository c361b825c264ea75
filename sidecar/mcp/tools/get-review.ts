import { defineTool, ToolError } from './tool-definition.ts';
import { getReviewDescriptor } from '../../../core/mcp/tools/get-review.ts';

/** getReview: the descriptor is core/mcp/tools/get-review.ts; this adds what it does. */
export const getReviewTool = defineTool(getReviewDescriptor, {
  run({ id }, { snapshot }) {
    const review = snapshot.reviewsById.get(id);
    if (!review)
      throw new ToolError(`No review has id "${id}". Find review ids with search_reviews or get_reviews_since, then call get_review again.`);
    return { review };
  },
});
