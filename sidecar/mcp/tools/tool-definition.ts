import { z } from 'zod';
import type { Snapshot } from '../../data/snapshot.ts';
import type { CursorCodec } from '../internal/cursor-codec.ts';
import type { ToolDescriptor } from '../../../core/mcp/tool-descriptor.ts';

/** What a tool reads: one snapshot for the whole call, and the cursor codec. */
export interface ToolContext {
  snapshot: Snapshot;
  cursors: CursorCodec;
}

/** An error the caller can fix; its message becomes the text of an `isError: true` result. */
export class ToolError extends Error {}

/** A tool as the sidecar runs it: its descriptor (core/mcp/tools/) plus a pure `run` over one snapshot. */
export interface ToolDefinition<In extends z.ZodType = z.ZodType, Out extends z.ZodType = z.ZodType> extends ToolDescriptor<In, Out> {
  /** Returns data that conforms to `outputSchema`. Throws ToolError for a mistake the caller can fix. */
  run(args: z.output<In>, ctx: ToolContext): z.output<Out>;
}

export function defineTool<In extends z.ZodType, Out extends z.ZodType>(
  descriptor: ToolDescriptor<In, Out>,
  behaviour: Pick<ToolDefinition<In, Out>, 'run'>,
): ToolDefinition<In, Out> {
  return { ...descriptor, run: behaviour.run };
}

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
