/**
 * Progress of long work, one helper for every script: a bar redrawn in place on a terminal, a plain line
 * every few seconds otherwise (logs, CI), nothing with --quiet. Always on stderr, so stdout stays the
 * command's result.
 *
 *   const progress = createProgress({ quiet: values.quiet });
 *   progress.start(files.length, 'reading');
 *   for (const f of files) { …; progress.tick(); }
 *   progress.done();
 */

/** How often a non-terminal stream gets a line. */
export const PROGRESS_LINE_INTERVAL_MS = 5_000;
/** How often a terminal's bar is redrawn at most. */
export const PROGRESS_REDRAW_INTERVAL_MS = 100;
const BAR_WIDTH = 24;

export interface Progress {
  /** Starts a phase of `total` units (0 or less: unknown total, a count only). */
  start(total: number, label: string): void;
  /** `n` more units done (default 1). */
  tick(n?: number): void;
  /** Ends the phase: a terminal's bar is completed and its line ended. */
  done(): void;
}

export interface ProgressOptions {
  quiet?: boolean;
  /** Where to write (default process.stderr). */
  stream?: { write(text: string): unknown; isTTY?: boolean };
  /** Monotonic clock in ms (tests inject one). */
  now?: () => number;
  intervalMs?: number;
}

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0);

/** The progress helper: see the module comment. */
export function createProgress(options: ProgressOptions = {}): Progress {
  if (options.quiet) return { start() {}, tick() {}, done() {} };
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  const interval = options.intervalMs ?? (tty ? PROGRESS_REDRAW_INTERVAL_MS : PROGRESS_LINE_INTERVAL_MS);
  let total = 0;
  let count = 0;
  let label = '';
  let last = 0;
  let active = false;
  // A phase shorter than one interval prints nothing off a terminal: quick work stays quiet.
  let printed = false;
  const text = () => (total > 0 ? `${label} ${count}/${total} (${percent(count, total)} %)` : `${label} ${count}`);
  const draw = () => {
    if (tty) {
      const filled = total > 0 ? Math.round((percent(count, total) / 100) * BAR_WIDTH) : 0;
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${text()}\x1b[K`);
    } else stream.write(`${text()}\n`);
    printed = true;
    last = now();
  };
  return {
    start(t, l) {
      total = t;
      label = l;
      count = 0;
      active = true;
      printed = false;
      last = now();
      if (tty) draw();
    },
    tick(n = 1) {
      if (!active) return;
      count += n;
      if (now() - last >= interval) draw();
    },
    done() {
      if (!active) return;
      active = false;
      if (tty) {
        draw();
        stream.write('\n');
      } else if (printed) stream.write(`${text()} done\n`);
    },
  };
}
