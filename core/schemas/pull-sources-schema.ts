import { z } from 'zod';

/** A Business Profile location resource name, `accounts/{account}/locations/{location}`, as reviews.list takes it. */
export const GoogleLocationSchema = z.string().regex(/^accounts\/[A-Za-z0-9_-]{1,128}\/locations\/[A-Za-z0-9_-]{1,128}$/, {
  message: 'must be a location name written accounts/<account id>/locations/<location id>',
});

/** A Trustpilot business unit id (24 hex digits in every documented example; any URL-safe id accepted). */
export const TrustpilotBusinessUnitSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be a Trustpilot business unit id' });

/**
 * `pull` in business.json (never published): which live sources `npm run pull` and the sidecar's PULL_CRON
 * read, and the jobs file verification matches against. Ids and paths only; credentials live in the
 * environment (.env), never in content.
 */
export const PullSourcesSchema = z
  .object({
    google: z
      .object({
        locations: z.array(GoogleLocationSchema).min(1),
      })
      .strict()
      .optional(),
    trustpilot: z.object({ businessUnitId: TrustpilotBusinessUnitSchema }).strict().optional(),
    jobs: z.string().min(1).optional().meta({ description: 'Jobs CSV, relative to the content folder (JOBS_CSV overrides).' }),
  })
  .strict();
