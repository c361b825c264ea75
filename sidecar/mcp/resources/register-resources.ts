import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import type { Review } from '../../../core/schemas/review-schema.ts';
import { CursorError } from '../internal/cursor-codec.ts';
import { snapshotDataVersion } from '../internal/snapshot-version.ts';
import type { ToolContext } from '../tools/tool-definition.ts';
import { RpcCode, RpcError } from '../internal/rpc-error.ts';

export const BUSINESS_URI = 'reviews://business';
export const INSIGHTS_URI = 'reviews://insights';
export const REVIEW_URI_TEMPLATE = 'reviews://reviews/{id}';
const REVIEW_URI_PREFIX = 'reviews://reviews/';
/** Resources per resources/list page: there is one per review, and there can be 100k reviews. */
export const RESOURCE_PAGE_SIZE = 100;
const JSON_TYPE = 'application/json';

export function reviewUri(id: string): string {
  return `${REVIEW_URI_PREFIX}${id}`;
}

/** A review as a resource entry: id, rating and date only; the customer's words stay in the contents. */
function reviewResource(review: Review): Resource {
  return {
    uri: reviewUri(review.id),
    name: `review-${review.id}`,
    title: `Review ${review.id} (${review.rating}/5, ${review.date})`,
    mimeType: JSON_TYPE,
  };
}

const FIXED_RESOURCES: Resource[] = [
  {
    uri: BUSINESS_URI,
    name: 'business',
    title: 'Business and overall rating',
    description: 'The business (contact, areas, services, technicians) and its aggregate rating.',
    mimeType: JSON_TYPE,
  },
  {
    uri: INSIGHTS_URI,
    name: 'insights',
    title: 'Sentiment insights',
    description: 'Aspects, entities, topics, FAQ and summary derived from the reviews (as /insights.json).',
    mimeType: JSON_TYPE,
  },
];

function readContents(uri: string, { snapshot }: ToolContext): unknown {
  if (uri === BUSINESS_URI) {
    const { business, aggregateRating, updated } = snapshot.reviewsDocument;
    return { business, aggregateRating, updated };
  }
  if (uri === INSIGHTS_URI) return snapshot.insights;
  if (uri.startsWith(REVIEW_URI_PREFIX)) return snapshot.reviewsById.get(uri.slice(REVIEW_URI_PREFIX.length));
  return undefined;
}

/**
 * resources/list (paged: the business, the insights, then every review newest first),
 * resources/templates/list (reviews://reviews/{id}) and resources/read, all application/json.
 */
export function registerResources(server: Server, ctx: ToolContext): void {
  server.registerCapabilities({ resources: {} });
  server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const all = ctx.snapshot.reviewsDocument.reviews;
    const scope = { operation: 'resources/list', filters: {}, dataVersion: snapshotDataVersion(ctx.snapshot) };
    let offset = 0;
    try {
      if (request.params?.cursor !== undefined) offset = ctx.cursors.cursorDecode(scope, request.params.cursor);
    } catch (error) {
      if (error instanceof CursorError) throw new RpcError(RpcCode.InvalidParams, error.message);
      throw error;
    }
    const total = FIXED_RESOURCES.length + all.length;
    const page: Resource[] = [];
    for (let i = offset; i < Math.min(total, offset + RESOURCE_PAGE_SIZE); i++) {
      page.push(i < FIXED_RESOURCES.length ? FIXED_RESOURCES[i]! : reviewResource(all[i - FIXED_RESOURCES.length]!));
    }
    const end = offset + page.length;
    return { resources: page, ...(end < total && page.length > 0 ? { nextCursor: ctx.cursors.cursorEncode(scope, end) } : {}) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: REVIEW_URI_TEMPLATE,
        name: 'review',
        title: 'Review by id',
        description: 'One verified review by its id (ids come from search_reviews, get_reviews_since or resources/list).',
        mimeType: JSON_TYPE,
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    const contents = readContents(uri, ctx);
    if (contents === undefined) {
      throw new RpcError(
        RpcCode.ResourceNotFound,
        `Resource not found: ${uri.slice(0, 200)}. Readable URIs: ${BUSINESS_URI}, ${INSIGHTS_URI} and ${REVIEW_URI_TEMPLATE} with an existing review id.`,
        { uri: uri.slice(0, 200) },
      );
    }
    return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(contents) }] };
  });
}
