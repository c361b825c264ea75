import { z } from 'zod';
import { ErrorBodySchema } from '../schemas/error-schema.ts';
import { InsightsDocumentSchema } from '../schemas/insights-schema.ts';
import { JsonFeedSchema } from '../schemas/json-feed-schema.ts';
import { ReviewsDocumentSchema, SinceDocumentSchema } from '../schemas/reviews-document-schema.ts';
import { SearchQuerySchema } from '../search/search-query-schema.ts';
import { SearchResponseSchema } from '../search/search-response-schema.ts';
import { FindQuerySchema } from '../find/find-query-schema.ts';
import { FindResponseSchema } from '../find/find-response-schema.ts';
import { WidgetDocumentSchema } from '../widget/widget-document-schema.ts';

type JsonSchema = Record<string, unknown>;

/** Drops `$schema`/`$id` that JSON Schema output carries but OpenAPI component objects must not. */
function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/**
 * Component schemas generated from the Zod model: every schema registered with `.meta({ id })`
 * (Review, Business, …) becomes `#/components/schemas/<id>`, referenced from its users.
 */
export function buildComponentSchemas(): Record<string, JsonSchema> {
  // Touch the top-level documents so their modules (and ids) are registered before we read the registry.
  void [
    ReviewsDocumentSchema,
    SinceDocumentSchema,
    InsightsDocumentSchema,
    JsonFeedSchema,
    SearchResponseSchema,
    FindResponseSchema,
    WidgetDocumentSchema,
    ErrorBodySchema,
  ];
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
    unrepresentable: 'any',
  });
  return Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((id) => [id, clean(schemas[id] as JsonSchema)]),
  );
}

/** The search filters as OpenAPI query parameters, from the same schema the endpoint validates with. */
export function buildSearchParameters(): JsonSchema[] {
  return queryParameters(SearchQuerySchema);
}

/** The parameters of GET /api/reviews/find (`q` required), from FindQuerySchema. */
export function buildFindParameters(): JsonSchema[] {
  return queryParameters(FindQuerySchema);
}

function queryParameters(schema: z.ZodType): JsonSchema[] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: json.required?.includes(name) ?? false, description, schema: rest };
  });
}
