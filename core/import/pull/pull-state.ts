import { z } from 'zod';
import { CalendarDateSchema } from '../../schemas/primitives.ts';

/** The file in the content folder where pulls remember how far they got (no secrets, no clock). */
export const PULL_STATE_FILE = 'pull-state.json';

/**
 * Per source key (`google:accounts/1/locations/2`, `trustpilot:<business unit>`) the newest change time
 * the last complete pull saw, and the day of the last full pull (`fullOn`, the business's calendar date).
 * A pull that finds nothing new on a day no full pull is due leaves the file byte-identical, so content/ and the
 * build stay unchanged.
 */
export const PullStateSchema = z
  .object({
    version: z.literal(1),
    sources: z.record(z.string().min(1), z.object({ newest: z.string().min(1), fullOn: CalendarDateSchema.optional() }).strict()),
  })
  .strict();

/**
 * An incremental pull reads down to the newest review the last one saw, so it misses what a list cannot show it: an
 * old Trustpilot review edited (that list is in creation order), or a review that moved to a page already read
 * because one above it was deleted mid-pull. Every this many days a pull reads everything again, by itself.
 */
export const FULL_PULL_EVERY_DAYS = 7;

/** Whether the source's next pull reads everything: its first, or FULL_PULL_EVERY_DAYS after the last full one. */
export function fullPullDue(entry: PullState['sources'][string] | undefined, today: string): boolean {
  if (entry?.fullOn === undefined) return true;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${entry.fullOn}T00:00:00Z`)) / 86_400_000;
  // A fullOn in the future (a clock set back, a --today of another year) cannot be trusted: read everything.
  return !(days >= 0 && days < FULL_PULL_EVERY_DAYS);
}
export type PullState = z.infer<typeof PullStateSchema>;

export const EMPTY_PULL_STATE: PullState = { version: 1, sources: {} };

/** The state as written: keys sorted, two-space indent, final newline (same state, same bytes). */
export function formatPullState(state: PullState): string {
  const sources = Object.fromEntries(
    Object.keys(state.sources)
      .sort()
      .map((k) => [k, state.sources[k]]),
  );
  return `${JSON.stringify({ version: 1, sources }, null, 2)}\n`;
}

/** Parses the state file's text; a missing file is the empty state. Throws a message naming the field. */
export function parsePullState(text: string | null): PullState {
  if (text === null) return EMPTY_PULL_STATE;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`not valid JSON: ${(e as Error).message}`);
  }
  const parsed = PullStateSchema.safeParse(raw);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; '));
  return parsed.data;
}

/** Milliseconds since the epoch of an RFC 3339 timestamp, or NaN. */
const instant = (t: string) => Date.parse(t);

/** The later of two provider timestamps (either may be undefined). */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return instant(b) > instant(a) ? b : a;
}

/**
 * Incremental stop for a page ordered newest change first: how many of its reviews to keep (those
 * changed at or after `watermark`; an equal time is read again, which an idempotent import absorbs) and
 * whether to stop paging. Without a watermark (first pull, `--full`) every review is kept.
 */
export function cutPage(changeTimes: readonly (string | undefined)[], watermark: string | undefined): { keep: number; stop: boolean } {
  if (watermark === undefined) return { keep: changeTimes.length, stop: false };
  const mark = instant(watermark);
  const index = changeTimes.findIndex((t) => t !== undefined && instant(t) < mark);
  return index === -1 ? { keep: changeTimes.length, stop: false } : { keep: index, stop: true };
}
