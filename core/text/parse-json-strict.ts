/** A JSON text read strictly: its value, or what is wrong with it (and the line, when known). */
export type StrictJson = { ok: true; value: unknown } | { ok: false; message: string; line?: number };

interface Frame {
  kind: 'object' | 'array';
  keys: Set<string>;
  expectKey: boolean;
  /** The key or index of the value being read, for the path in messages. */
  at: string;
  index: number;
}

/**
 * Parses JSON, refusing what `JSON.parse` lets through silently: a key given twice in one object (the
 * last would win unseen: `{"rating":1,"rating":5}`) is an error naming the key, its path and line. With
 * `comments`, `//` and `/* *\/` comments outside strings are allowed (business.json explains itself), and so is a
 * comma after the last entry of an object or array (JSONC, as editors write it: the likeliest slip of a hand edit).
 * One pass over the text, then JSON.parse.
 */
export function parseJsonStrict(text: string, options: { comments?: boolean } = {}): StrictJson {
  const scan = scanJson(text, options.comments === true);
  if ('message' in scan) return { ok: false, message: scan.message, line: scan.line };
  let value: unknown;
  try {
    value = JSON.parse(scan.text);
  } catch (e) {
    return { ok: false, message: `not valid JSON: ${(e as Error).message}` };
  }
  if (scan.duplicate) return { ok: false, ...scan.duplicate };
  return { ok: true, value };
}

type Scan = { text: string; duplicate?: { message: string; line: number } } | { message: string; line: number };

function scanJson(text: string, comments: boolean): Scan {
  const stack: Frame[] = [];
  const out: string[] = [];
  let copied = 0;
  let line = 1;
  let duplicate: { message: string; line: number } | undefined;
  // Where the last comma outside strings and comments is, while nothing but space follows it; commas before a
  // closing bracket (comments mode) become spaces, so positions in JSON.parse's messages still point into the file.
  let comma = -1;
  let previous = 0; // the last character outside space and comments: a comma right after "[", "{" or "," is no trailing one
  const trailing: number[] = [];
  const path = () => stack.map((f) => f.at).join('.');
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x2c && c !== 0x2f && c !== 0x7d && c !== 0x5d && !isSpace(c)) comma = -1;
    const before = previous;
    if (!isSpace(c) && !(c === 0x2f && comments)) previous = c;
    if (c === 0x0a) line++;
    else if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end === -1) return { text };
      const top = stack.at(-1);
      if (top?.kind === 'object' && top.expectKey) {
        const raw = text.slice(i, end + 1);
        const key = raw.includes('\\') ? (safeString(raw) ?? raw) : raw.slice(1, -1);
        if (top.keys.has(key) && !duplicate) {
          const where = path();
          duplicate = { message: `key "${key}" given twice${where ? ` in ${where}` : ''}; keep one`, line };
        }
        top.keys.add(key);
        top.expectKey = false;
        top.at = key;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ kind: c === 0x7b ? 'object' : 'array', keys: new Set(), expectKey: c === 0x7b, at: '0', index: 0 });
    } else if (c === 0x7d || c === 0x5d) {
      if (comments && comma !== -1) trailing.push(comma);
      comma = -1;
      stack.pop();
    } else if (c === 0x2c) {
      comma = before === 0x5b || before === 0x7b || before === 0x2c ? -1 : i;
      const top = stack.at(-1);
      if (top?.kind === 'object') top.expectKey = true;
      else if (top) top.at = String(++top.index);
    } else if (c === 0x2f && comments) {
      const next = text.charCodeAt(i + 1);
      const end = next === 0x2f ? lineEnd(text, i) : next === 0x2a ? text.indexOf('*/', i + 2) : -2;
      if (end === -2) continue;
      if (end === -1) return { message: 'a /* comment is never closed', line };
      const stop = next === 0x2a ? end + 2 : end;
      // Comments become spaces (line breaks kept), so JSON.parse's positions still point into the file.
      out.push(text.slice(copied, i), text.slice(i, stop).replace(/[^\n]/g, ' '));
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === 0x0a) line++;
      copied = stop;
      i = stop - 1;
    }
  }
  out.push(text.slice(copied));
  let clean = out.length === 1 ? out[0]! : out.join('');
  for (const at of trailing) clean = `${clean.slice(0, at)} ${clean.slice(at + 1)}`;
  return { text: clean, ...(duplicate && { duplicate }) };
}

/** JSON's whitespace: space, tab, line feed, carriage return. */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Index of the quote closing the string that opens at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const q = text.indexOf('"', from);
    if (q === -1) return -1;
    let slashes = 0;
    for (let j = q - 1; text.charCodeAt(j) === 0x5c; j--) slashes++;
    if (slashes % 2 === 0) return q;
    from = q + 1;
  }
}

function lineEnd(text: string, from: number): number {
  const n = text.indexOf('\n', from);
  return n === -1 ? text.length : n;
}

function safeString(raw: string): string | null {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return null;
  }
}
