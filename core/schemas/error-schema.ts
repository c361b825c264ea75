import { z } from 'zod';

/**
 * Most issues an error body lists; the rest are counted (core/http/cap-issues.ts), so a long bad query cannot
 * amplify into a large answer. Part of the body's shape, so it lives beside the schema that describes it.
 */
export const MAX_ISSUES = 20;

/** One validation problem, in the shape every 400 response uses. */
export const ErrorIssueSchema = z
  .object({
    path: z.string().meta({ description: 'Name of the offending parameter or field (dotted path); "" for the request as a whole.' }),
    code: z.string().meta({ description: 'Machine-readable code, e.g. invalid_type, too_big, unknown_parameter, repeated_parameter.' }),
    message: z.string().meta({ description: 'What is wrong and how to fix it.' }),
  })
  .strict()
  .meta({ id: 'ErrorIssue' });
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

/** Body of every JSON error response (4xx/5xx) of the HTTP endpoints. */
export const ErrorBodySchema = z
  .object({
    error: z.string().meta({ description: 'Short human-readable summary.' }),
    issues: z.array(ErrorIssueSchema).meta({
      description: `Validation problems, one per problem, at most ${MAX_ISSUES} (then one \`too_many_issues\` issue counting the rest); empty when not a validation error.`,
    }),
  })
  .strict()
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
