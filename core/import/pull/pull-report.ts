import { z } from 'zod';

/** What one source's pull did: counts, or why it failed (never a credential). */
export const SourcePullReportSchema = z
  .object({
    source: z.string().min(1),
    new: z.int().min(0),
    updated: z.int().min(0),
    unchanged: z.int().min(0),
    pages: z.int().min(0),
    /** Every page was read (--full, the first pull, or the weekly full pull: FULL_PULL_EVERY_DAYS), not only the new ones. */
    full: z.boolean(),
    error: z.string().nullable(),
  })
  .strict();
export type SourcePullReport = z.infer<typeof SourcePullReportSchema>;

/**
 * The last line `npm run pull -- --json` prints: every source's report, whether verification ran and
 * what it did, and whether any content file changed (the sidecar then builds).
 */
export const PullRunReportSchema = z
  .object({
    sources: z.array(SourcePullReportSchema),
    verify: z.object({ matched: z.int(), queued: z.int(), unmatched: z.int(), error: z.string().nullable() }).strict().nullable(),
    changed: z.boolean(),
  })
  .strict();
export type PullRunReport = z.infer<typeof PullRunReportSchema>;
