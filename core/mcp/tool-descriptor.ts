import { z } from 'zod';

/**
 * What an MCP tool is, without what it does: name, title, when to use it, and its argument and result
 * schemas. The sidecar adds `run`; the developer page and llms.txt list the same descriptors, so the
 * published tool list cannot drift from what tools/list answers.
 */
export interface ToolDescriptor<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** When to use the tool, for an agent choosing among them. Never contains review text. */
  description: string;
  /** Validates the arguments; its JSON Schema is what tools/list shows (every property described and bounded). */
  inputSchema: In;
  /** What `run` returns: both `structuredContent` and the JSON text content. */
  outputSchema: Out;
}

export function defineToolDescriptor<In extends z.ZodType, Out extends z.ZodType>(descriptor: ToolDescriptor<In, Out>): ToolDescriptor<In, Out> {
  return descriptor;
}

/** MCP tool annotations shared by every tool here: all of them only read published data. */
export const READ_ONLY_ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** The `cursor` argument of paged tools. */
export const CursorArgumentSchema = z
  .string()
  .min(1)
  .max(512)
  .meta({ description: 'Opaque cursor: the nextCursor of the previous page, passed back unchanged. Omit it for the first page.' });

/** The `nextCursor` field of paged results. */
export const NextCursorSchema = z
  .string()
  .nullable()
  .meta({ description: 'Pass as `cursor` (with the same other arguments) to get the next page; null on the last page.' });
