/** One data row of a CSV file: values by header name, and the 1-based line the row starts on. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export interface ParsedCsv {
  headers: string[];
  rows: CsvRow[];
}

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF) with a
 * header row. Header names are trimmed and lower-cased; blank lines are skipped; a leading BOM is ignored.
 * Throws an Error naming the line when a quote is left open.
 */
export function parseCsv(text: string): ParsedCsv {
  const records = splitRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const header = records.shift();
  if (!header) return { headers: [], rows: [] };
  const headers = header.fields.map((h) => h.trim().toLowerCase());
  const rows = records
    .filter((r) => r.fields.some((f) => f.trim() !== ''))
    .map((r) => ({ line: r.line, values: Object.fromEntries(headers.map((h, i) => [h, (r.fields[i] ?? '').trim()])) }));
  return { headers, rows };
}

function splitRecords(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      out.push({ line: start, fields });
      fields = [];
      field = '';
      start = ++line;
    } else field += c;
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is never closed`);
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    out.push({ line: start, fields });
  }
  return out;
}
