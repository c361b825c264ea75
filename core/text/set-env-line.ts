/**
 * The text of a .env file with `KEY=value` set: the line that sets KEY is replaced where it stands (also
 * `export KEY=…`), or the line is appended; every other line, comment and blank line is kept. A later line
 * setting the same key is dropped (it would win in some readers). A value with spaces, quotes or `#` is
 * quoted so the .env parser reads it back whole.
 */
export function setEnvLine(text: string, key: string, value: string): string {
  const line = `${key}=${/^[\w./:@+-]*$/.test(value) ? value : JSON.stringify(value)}`;
  const pattern = new RegExp(`^\\s*(export\\s+)?${key}\\s*=`);
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => pattern.test(l));
  if (first === -1) return `${[...lines, line].join('\n')}\n`;
  return `${lines.flatMap((l, i) => (i === first ? [line] : pattern.test(l) ? [] : [l])).join('\n')}\n`;
}
