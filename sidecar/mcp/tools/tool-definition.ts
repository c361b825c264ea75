import { z } from 'zod';
import type { Snapshot } from '../../data/snapshot.ts';
import type { CursorCodec } from '../internal/cursor-codec.ts';

/** What a tool reads: one snapshot for the whole call, and the cursor codec. */
export interface ToolContext {
  snapshot: Snapshot;
  cursors: CursorCodec;
}

/** An error the caller can fix; its message becomes the text of an `isError: true` result. */
export class ToolError extends Error {}

/**
 * One read-only tool. `inputSchema` validates the arguments (its JSON Schema is what tools/list shows,
 * so every property is described and bounded, and objects are strict); `run` returns data that
 * conforms to `outputSchema`, which becomes both `structuredContent` and the JSON text content.
 */
export interface ToolDefinition<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** When to use the tool, for an agent choosing among them. Never contains review text. */
  description: string;
  inputSchema: In;
  outputSchema: Out;
  run(args: z.output<In>, ctx: ToolContext): z.output<Out>;
}

export function defineTool<In extends z.ZodType, Out extends z.ZodType>(tool: ToolDefinition<In, Out>): ToolDefinition<In, Out> {
  return tool;
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

/** Turns Zod issues into one message that names each offending argument and how to fix it. */
export function describeInvalidArguments(toolName: string, error: z.ZodError, allowed: readonly string[]): string {
  const problems = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `"${k.slice(0, 60)}"`).join(', ');
      return `unknown argument ${keys}: remove it (accepted arguments: ${allowed.length ? allowed.join(', ') : 'none, pass {}'})`;
    }
    const path = issue.path.map(String).join('.');
    return `${path || 'arguments'}: ${issue.message}`;
  });
  return `Invalid arguments for ${toolName}: ${problems.join('; ')}. Correct ${problems.length > 1 ? 'these' : 'this'} and call ${toolName} again.`;
}

/** The argument names a strict object schema accepts (for error messages). */
export function argumentNames(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}
