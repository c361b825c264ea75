import type { ContentIssue } from '../content/content-error.ts';
import { CsvError, delimiterName, parseCsv, type CsvDelimiter, type CsvLimits } from './parse-csv.ts';

/** One data row: the values of the known columns (trimmed), and the 1-based line it starts on. */
export interface CsvRow<C extends string> {
  line: number;
  values: Partial<Record<C, string>>;
}

export interface CsvTable<C extends string> {
  rows: CsvRow<C>[];
  delimiter: CsvDelimiter;
  /** Problems that stop the whole file (the rows are then empty). */
  issues: ContentIssue[];
}

export interface CsvTableSpec<C extends string> {
  /** Every column the reader knows, in the template's spelling (`customer_name`). */
  columns: readonly C[];
  /** The columns a file must have. */
  required: readonly C[];
  limits?: CsvLimits;
}

/**
 * A header as a key: lower case, accents and everything but letters and digits removed, so `Customer Name`,
 * `customer_name`, `CUSTOMER-NAME` and `Customer name:` are one column. Nothing looser: a header that only
 * resembles a column is never taken for it (it is offered as "did you mean").
 */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Reads a CSV file with a header row against the columns a template knows: headers matched case- and
 * punctuation-insensitively (headerKey), unknown columns ignored, a column given twice refused (the last
 * one would otherwise win unseen), missing required columns named with the file's headers that resemble
 * them. Values of each row are only those of the known columns, so a row costs at most `columns` strings. Rows
 * whose every cell is empty are skipped.
 */
export function readCsvTable<C extends string>(file: { path: string; text: string }, spec: CsvTableSpec<C>): CsvTable<C> {
  let parsed;
  try {
    parsed = parseCsv(file.text, spec.limits ? { limits: spec.limits } : {});
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    return { rows: [], delimiter: ',', issues: [{ file: file.path, line: e.line, message: e.message.replace(/^line \d+: /, '') }] };
  }
  const { delimiter, header, records } = parsed;
  const issues: ContentIssue[] = [];
  const at = { file: file.path, line: header?.line ?? 1 };
  const known = new Map(spec.columns.map((c) => [headerKey(c), c]));
  const index = new Map<C, number>();
  const seen = new Map<string, number>();
  (header?.fields ?? []).forEach((raw, i) => {
    const key = headerKey(raw);
    if (key === '') return;
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({ ...at, field: raw.trim(), message: `column given twice (columns ${first + 1} and ${i + 1}); keep one` });
      return;
    }
    seen.set(key, i);
    const column = known.get(key);
    if (column !== undefined) index.set(column, i);
  });
  const missing = spec.required.filter((c) => !index.has(c));
  if (missing.length > 0) {
    const headers = (header?.fields ?? []).map((h) => h.trim()).filter((h) => h !== '');
    const hints = missing.map((c) => {
      const like = similarHeaders(c, headers);
      return like.length > 0 ? `${c} (did you mean ${like.map((h) => `"${h}"`).join(' or ')}?)` : c;
    });
    issues.push({
      ...at,
      message:
        `missing column(s): ${hints.join(', ')}; the header row has ${headers.length} column(s) separated by ${delimiterName(delimiter)}` +
        ` (template: ${spec.columns.join(',')})`,
    });
  }
  if (issues.length > 0) return { rows: [], delimiter, issues };
  // A row of empty cells (",,,,"): Excel writes them where a cell below the data was ever touched. Not a record.
  const rows = records
    .filter((r) => r.fields.some((f) => f.trim() !== ''))
    .map((r) => {
      const values: Partial<Record<C, string>> = {};
      for (const [column, i] of index) values[column] = (r.fields[i] ?? '').trim();
      return { line: r.line, values };
    });
  return { rows, delimiter, issues };
}

/** Headers of the file that look like `column`: a small edit distance, or one contains the other. */
function similarHeaders(column: string, headers: readonly string[]): string[] {
  const want = headerKey(column);
  return headers.filter((h) => {
    const key = headerKey(h);
    if (key.length < 2) return false;
    return key.includes(want) || want.includes(key) || editDistance(key, want) <= Math.max(1, Math.floor(want.length / 4));
  });
}

/** Levenshtein distance, two rows of memory. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
