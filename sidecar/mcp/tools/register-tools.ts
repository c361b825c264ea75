import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../logger.ts';
import { listTools } from '../../../core/mcp/tool-catalog.ts';
import { findReviewsTool } from './find-reviews.ts';
import { getBusinessTool } from './get-business.ts';
import { getInsightsTool } from './get-insights.ts';
import { getRatingSummaryTool } from './get-rating-summary.ts';
import { getReviewTool } from './get-review.ts';
import { getReviewsSinceTool } from './get-reviews-since.ts';
import { listServicesTool } from './list-services.ts';
import { listTechniciansTool } from './list-technicians.ts';
import { searchReviewsTool } from './search-reviews.ts';
import { argumentNames, describeInvalidArguments, ToolError, type ToolContext, type ToolDefinition } from './tool-definition.ts';
import { RpcCode, RpcError } from '../internal/rpc-error.ts';

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  getBusinessTool,
  searchReviewsTool,
  findReviewsTool,
  getReviewTool,
  getReviewsSinceTool,
  getRatingSummaryTool,
  getInsightsTool,
  listTechniciansTool,
  listServicesTool,
];

/** The tools/list entries, computed once per process (JSON Schema generation is not free). */
export interface ToolCatalog {
  listing: Tool[];
  byName: ReadonlyMap<string, ToolDefinition>;
}

export function createToolCatalog(definitions: readonly ToolDefinition[] = TOOL_DEFINITIONS): ToolCatalog {
  const listing = listTools(definitions) as Tool[];
  return { listing, byName: new Map(definitions.map((t) => [t.name, t])) };
}

function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * tools/list and tools/call on the low-level server. The SDK's McpServer answers an unknown tool name
 * with an `isError` result; MCP reserves that for errors the model can act on and wants -32602 for an
 * unknown tool (2025-06-18, Tools §Error Handling), so the call handler here is our own. Invalid
 * arguments and unknown ids stay tool results with `isError: true`, so the model can correct itself.
 */
export function registerTools(server: Server, catalog: ToolCatalog, ctx: ToolContext, logger: Logger): void {
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: catalog.listing }));
  server.setRequestHandler(CallToolRequestSchema, (request): CallToolResult => {
    const { name, arguments: args } = request.params;
    const tool = catalog.byName.get(name);
    if (!tool) {
      throw new RpcError(RpcCode.InvalidParams, `Unknown tool "${name.slice(0, 100)}". Available tools: ${[...catalog.byName.keys()].join(', ')}.`);
    }
    const parsed = tool.inputSchema.safeParse(args ?? {});
    if (!parsed.success) return errorResult(describeInvalidArguments(tool.name, parsed.error, argumentNames(tool.inputSchema)));
    try {
      const output = tool.run(parsed.data, ctx) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
    } catch (error) {
      if (error instanceof ToolError) return errorResult(error.message);
      logger.error('mcp.tool_failed', { tool: tool.name, error: error instanceof Error ? error.message : String(error) });
      throw new RpcError(RpcCode.InternalError, `Internal error while running ${tool.name}`);
    }
  });
}
