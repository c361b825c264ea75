import { parseJsonStrict } from '../text/parse-json-strict.ts';

/**
 * The business name in a business.json text, for the line each command starts with; null when the file
 * cannot be read that far (the command itself then reports why, with file and line).
 */
export function businessNameOf(text: string): string | null {
  const parsed = parseJsonStrict(text, { comments: true });
  const name = parsed.ok ? (parsed.value as { name?: unknown } | null)?.name : undefined;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}
