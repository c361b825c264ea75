import { z } from 'zod';

/** The file in the content folder where pulls remember how far they got (no secrets, no clock). */
export const PULL_STATE_FILE = 'pull-state.json';

/**
 * Per source key (`google:accounts/1/locations/2`, `trustpilot:<business unit>`) the newest change time
 * the last complete pull saw. Only timestamps from the provider: a pull that finds nothing new leaves
 * the file byte-identical, so content/ and the build stay unchanged.
 */
export const PullStateSchema = z
  .object({
    version: z.literal(1),
    sources: z.record(z.string().min(1), z.object({ newest: z.string().min(1) }).strict()),
  })
  .strict();
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
