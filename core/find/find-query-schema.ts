import { z } from 'zod';

export const FIND_LIMIT_DEFAULT = 20;
export const FIND_LIMIT_MAX = 100;
export const FIND_QUERY_MAX = 200;

/**
 * Arguments of GET /api/reviews/find and of the MCP tool find_reviews: one schema for both.
 * An extension beyond the interface specification (which has only the exact substring `query`).
 */
export const FindQuerySchema = z
  .object({
    q: z
      .string()
      .min(1)
      .max(FIND_QUERY_MAX)
      .refine((s) => /[\p{L}\p{N}]/u.test(s), { message: 'must contain at least one letter or digit' })
      .meta({
        description:
          'Words to look for, ranked by relevance: typo-tolerant (one edit from 4 letters, two from 6), the last word also as a prefix; ' +
          'matches review text and title, technician names and aliases, service names and synonyms, and service areas.',
      }),
    limit: z
      .int()
      .min(1)
      .max(FIND_LIMIT_MAX)
      .default(FIND_LIMIT_DEFAULT)
      .meta({ description: `Maximum number of reviews returned (1–${FIND_LIMIT_MAX}, default ${FIND_LIMIT_DEFAULT}).` }),
  })
  .strict();
export type FindQuery = z.infer<typeof FindQuerySchema>;
