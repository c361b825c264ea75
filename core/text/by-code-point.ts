/**
 * Orders strings by their UTF-16 code units: the same order on every machine. `localeCompare` without a locale
 * follows the machine's (LANG), and in Azerbaijani or Hawaiian it puts `Quote` before `ModerationRecord`: the same
 * content must give the same bytes wherever it is built.
 */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
