/**
 * JSON.parse's message for one line of a JSON Lines file, with the place on that line only: "at position 5 (line 1
 * column 6)" becomes "at column 6", as the message already names the file's line ("2025.jsonl:4"). `indent`: the
 * characters cut from the line's start before it was parsed, so the column is the file's.
 */
export function jsonLineError(e: unknown, indent = 0): string {
  const message = e instanceof Error ? e.message : String(e);
  return `not valid JSON: ${message.replace(/ at position \d+ \(line 1 column (\d+)\)/, (_, column: string) => ` at column ${Number(column) + indent}`)}`;
}
