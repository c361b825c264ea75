import { z } from 'zod';

/**
 * A Zod object schema as the JSON Schema that tools/list advertises: JSON Schema 2020-12 (MCP's
 * default dialect since 2025-11-25) with the `$schema` keyword left out so that draft-07 validators,
 * such as the one inside SDK clients of 2025-06-18, read it the same way. The root is always an
 * object schema, as the MCP Tool type requires; reused schemas (Review, Business…) sit in `$defs`.
 */
export function toToolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> & { type: 'object' } {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw' }) as Record<string, unknown>;
  delete json.$schema;
  const root = hoistRootRef(json);
  if (root.type !== 'object') throw new Error('MCP tool schemas must describe an object');
  return root as Record<string, unknown> & { type: 'object' };
}

/** `{ $ref: '#/$defs/X', $defs }` → the body of X at the root, keeping `$defs` for inner references. */
function hoistRootRef(json: Record<string, unknown>): Record<string, unknown> {
  const ref = json.$ref;
  const defs = json.$defs as Record<string, Record<string, unknown>> | undefined;
  if (typeof ref !== 'string' || !defs) return json;
  const target = defs[ref.replace('#/$defs/', '')];
  if (!target) return json;
  return { ...target, $defs: defs };
}
