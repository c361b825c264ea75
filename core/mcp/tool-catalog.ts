import { READ_ONLY_ANNOTATIONS, type ToolDescriptor } from './tool-descriptor.ts';
import { toToolJsonSchema } from './tool-json-schema.ts';
import { findReviewsDescriptor } from './tools/find-reviews.ts';
import { getBusinessDescriptor } from './tools/get-business.ts';
import { getInsightsDescriptor } from './tools/get-insights.ts';
import { getRatingSummaryDescriptor } from './tools/get-rating-summary.ts';
import { getReviewDescriptor } from './tools/get-review.ts';
import { getReviewsSinceDescriptor } from './tools/get-reviews-since.ts';
import { listServicesDescriptor } from './tools/list-services.ts';
import { listTechniciansDescriptor } from './tools/list-technicians.ts';
import { searchReviewsDescriptor } from './tools/search-reviews.ts';

/** Every tool the MCP endpoint offers, in the order tools/list gives them. */
export const TOOL_DESCRIPTORS: readonly ToolDescriptor[] = [
  getBusinessDescriptor,
  searchReviewsDescriptor,
  findReviewsDescriptor,
  getReviewDescriptor,
  getReviewsSinceDescriptor,
  getRatingSummaryDescriptor,
  getInsightsDescriptor,
  listTechniciansDescriptor,
  listServicesDescriptor,
];

/** One tools/list entry (the MCP `Tool` shape). */
export interface ToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown> & { type: 'object' };
  outputSchema: Record<string, unknown> & { type: 'object' };
  annotations: { title: string } & typeof READ_ONLY_ANNOTATIONS;
}

/** The tools/list entries of the given descriptors (JSON Schema generation is not free: call once). */
export function listTools(descriptors: readonly ToolDescriptor[] = TOOL_DESCRIPTORS): ToolListing[] {
  return descriptors.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toToolJsonSchema(tool.inputSchema, 'input'),
    outputSchema: toToolJsonSchema(tool.outputSchema, 'output'),
    annotations: { title: tool.title, ...READ_ONLY_ANNOTATIONS },
  }));
}
