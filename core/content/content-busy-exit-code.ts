/**
 * The exit code of `npm run pull` when another command holds the content folder (a hand-run import, verify or
 * moderate): nothing was done, and the next run will do it. EX_TEMPFAIL of sysexits.h, "try again later". The
 * sidecar's schedule reads it as a skipped run, not a failed one (a failure alerts whoever watches /healthz).
 */
export const CONTENT_BUSY_EXIT_CODE = 75;
