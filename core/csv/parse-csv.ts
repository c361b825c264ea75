/** One record of a CSV file: its fields, untrimmed, and the 1-based line it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The separators spreadsheets write: `,` (US/UK), `;` (most of Europe, where `,` is the decimal mark), tab. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** How a delimiter is named in messages. */
export function delimiterName(d: CsvDelimiter): string {
  return d === '\t' ? 'tab' : `"${d}"`;
}

/**
 * Bounds that keep a hostile or broken file from exhausting memory: a header of a million columns, or a
 * 100 MB field, is refused with its line instead of being held as a million-key object per row.
 * 256 columns is far more than any template has; 100,000 characters is five times the longest review text.
 */
export const CSV_LIMITS = { maxColumns: 256, maxFieldChars: 100_000 } as const;
export type CsvLimits = { maxColumns: number; maxFieldChars: number };

/** A CSV file that cannot be read at all (an unclosed quote, a bound exceeded), with the line it happened on. */
export class CsvError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
    this.line = line;
  }
}

export interface ParsedCsv {
  delimiter: CsvDelimiter;
  /** The first record (the header row), or null for an empty file. */
  header: CsvRecord | null;
  /** Every later record that is not blank. */
  records: CsvRecord[];
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The delimiter of a file, told from its first line (outside quotes): the one of `,` `;` tab that occurs
 * most. A header of one column has none of them and is read with `,`.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c as CsvDelimiter)) counts.set(c as CsvDelimiter, counts.get(c as CsvDelimiter)! + 1);
  }
  let best: CsvDelimiter = ',';
  for (const d of CSV_DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF; a leading
 * BOM is ignored) with the delimiter of its first line, unless one is given. Blank records are skipped.
 * Linear in time and memory: fields are cut out of the text with `slice`, never built a character at a
 * time, and the bounds are checked before a field or a record grows past them. Throws CsvError (with the
 * line) for an unclosed quote, too many columns or a field too long.
 */
export function parseCsv(input: string, options: { delimiter?: CsvDelimiter; limits?: CsvLimits } = {}): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const { maxColumns, maxFieldChars } = options.limits ?? CSV_LIMITS;
  const sep = delimiter.charCodeAt(0);
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    // One record: fields until an unquoted line break or the end of the text.
    for (;;) {
      if (fields.length >= maxColumns) throw new CsvError(start, `more than ${maxColumns} columns; is this the right file?`);
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        const parts: string[] = [];
        let size = 0;
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw new CsvError(start, 'a quoted field is never closed');
          size += close - from;
          if (size > maxFieldChars) throw new CsvError(start, `a field is longer than ${maxFieldChars} characters`);
          parts.push(text.slice(from, close));
          line += countLineBreaks(text, from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            parts.push('"');
            from = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
        value = parts.length === 1 ? parts[0]! : parts.join('');
        // Text after the closing quote up to the delimiter is kept, as spreadsheets do (`"a"b` → `ab`).
        const end = fieldEnd(text, i, sep);
        if (end > i) value += text.slice(i, end);
        i = end;
      } else {
        const end = fieldEnd(text, i, sep);
        if (end - i > maxFieldChars) throw new CsvError(start, `a field is longer than ${maxFieldChars} characters`);
        value = text.slice(i, end);
        i = end;
      }
      fields.push(value);
      const c = text.charCodeAt(i);
      if (c === sep) {
        i++;
        continue;
      }
      if (c === CR) i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      else if (c === LF) i++;
      if (i <= n) line++;
      break;
    }
    if (fields.length > 1 || fields[0]!.trim() !== '') records.push({ line: start, fields });
  }
  const [header = null, ...rest] = records;
  return { delimiter, header, records: rest };
}

/** Index of the next delimiter or line break at or after `from` (or the end of the text). */
function fieldEnd(text: string, from: number, sep: number): number {
  let i = from;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === sep || c === LF || c === CR) break;
  }
  return i;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) count++;
  }
  return count;
}
