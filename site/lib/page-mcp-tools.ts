/**
 * The MCP tool list for /developers/ and /llms.txt, from the tool descriptors in core/mcp/: the same
 * catalog tools/list answers with (name, title, description, input JSON Schema), so it cannot drift.
 */
import { listTools } from '../../core/mcp/tool-catalog.ts';
import { fieldsOf, type FieldRow } from './page-openapi.ts';

export interface ToolView {
  name: string;
  title: string;
  description: string;
  arguments: FieldRow[];
}

let cached: ToolView[] | undefined;

/** The tools the MCP endpoint offers, in the order tools/list gives them. */
export function mcpTools(): ToolView[] {
  cached ??= listTools().map((tool) => ({
    name: tool.name,
    title: tool.title ?? tool.name,
    description: tool.description ?? '',
    arguments: fieldsOf(tool.inputSchema as Record<string, unknown>),
  }));
  return cached;
}
