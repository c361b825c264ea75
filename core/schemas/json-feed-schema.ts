import { z } from 'zod';
import { DisclosureShape } from './disclosure-schema.ts';
import { EntityRefSchema, HttpUrlSchema } from './primitives.ts';

/** RFC 3339 timestamp as JSON Feed requires for date_published / date_modified. */
const Rfc3339 = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);

export const JsonFeedItemSchema = z
  .object({
    id: z.string().min(1),
    url: HttpUrlSchema,
    title: z.string(),
    content_text: z.string(),
    content_html: z.string(),
    summary: z.string().optional(),
    date_published: Rfc3339,
    date_modified: Rfc3339.optional(),
    authors: z.array(z.object({ name: z.string() }).strict()).min(1),
    tags: z.array(z.string()).optional(),
    language: z.string().optional(),
    _review: z
      .object({
        about: z.url(),
        id: z.string(),
        rating: z.int().min(1).max(5),
        date: z.string(),
        technicians: z.array(EntityRefSchema),
        services: z.array(EntityRefSchema),
        serviceArea: EntityRefSchema.nullable(),
        verification: z.string(),
        ...DisclosureShape,
      })
      .strict()
      .meta({ description: 'Extension: the review fields (JSON Feed 1.1 custom extension).' }),
  })
  .strict();

/** GET /api/feed.json — JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export const JsonFeedSchema = z
  .object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string(),
    home_page_url: HttpUrlSchema,
    feed_url: HttpUrlSchema,
    description: z.string().optional(),
    language: z.string().optional(),
    authors: z.array(z.object({ name: z.string(), url: HttpUrlSchema.optional() }).strict()),
    hubs: z.array(z.object({ type: z.string(), url: HttpUrlSchema }).strict()),
    items: z.array(JsonFeedItemSchema).max(50),
  })
  .strict()
  .meta({ id: 'JsonFeed' });
export type JsonFeed = z.infer<typeof JsonFeedSchema>;
