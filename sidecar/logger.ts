/** Structured logger: one JSON object per line on stdout. Never pass review text or full IPs. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(write: (line: string) => void = (l) => process.stdout.write(`${l}\n`), now: () => Date = () => new Date()): Logger {
  const emit =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      write(JSON.stringify({ t: now().toISOString(), level, event, ...fields }));
  return { info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
