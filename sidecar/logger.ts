/** Structured logger: one JSON object per line on stdout. Never pass review text or full IPs. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(
  write: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  now: () => Date = () => new Date(),
): Logger & { debug: Logger['info'] } {
  const emit =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) =>
      write(JSON.stringify({ t: now().toISOString(), level, event, ...fields }));
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/**
 * The address a person can click: a wildcard listen address (0.0.0.0, ::) is not one, so it is
 * shown as localhost with the port the server got.
 */
export function clickableUrl(listenUrl: string): string {
  const url = new URL(listenUrl);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';
  return url.href;
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
