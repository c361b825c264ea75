/** Bytes read as text, or where and why they could not be. */
export type DecodedText = { ok: true; text: string } | { ok: false; message: string; line?: number };

/** The encoding a source file is read in unless the owner names another (`--encoding windows-1252`). */
export const DEFAULT_ENCODING = 'utf-8';

/** True when TextDecoder knows the label ("windows-1252", "latin1", "utf-16le"…). */
export function isKnownEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

const SAVE_AS_CSV = 'save it as "CSV UTF-8 (Comma delimited)" (Excel: File → Save As → File Format)';

/** Spreadsheet files by their first bytes: an .xlsx (or .ods) is a zip archive, an .xls an OLE2 compound file. */
const WORKBOOKS = [
  { kind: 'a zip archive (a spreadsheet workbook such as .xlsx or .ods, or a download to unzip first)', magic: [0x50, 0x4b, 0x03, 0x04] },
  { kind: 'an Excel 97–2003 workbook (.xls)', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
] as const;

const UTF16_BOMS = [
  { label: 'utf-16le', bom: [0xff, 0xfe] },
  { label: 'utf-16be', bom: [0xfe, 0xff] },
] as const;

/**
 * Decodes a source file. UTF-8 (the default) is decoded strictly: a byte that is not UTF-8 (Excel's plain
 * "CSV (Comma delimited)" writes Windows-1252, so `José` arrives as `Jos\xE9`) is refused with its line and
 * byte offset and the fix, never turned into U+FFFD ("Jos H." instead of "José H."). Another encoding is
 * read only when the owner names it, or when a UTF-16 byte order mark says it. A leading byte order mark is dropped.
 * A spreadsheet workbook (.xlsx, .xls) is refused with the way to save it as CSV.
 */
export function decodeText(bytes: Uint8Array, encoding: string = DEFAULT_ENCODING): DecodedText {
  // Before any encoding: no text file in any encoding starts so, and a named one must not hide the reason.
  const workbook = WORKBOOKS.find((w) => w.magic.every((b, i) => bytes[i] === b));
  if (workbook) return { ok: false, line: 1, message: `${workbook.kind}, not a CSV file: ${SAVE_AS_CSV}` };
  const utf8 = new TextDecoder(encoding).encoding === 'utf-8';
  if (!utf8) return { ok: true, text: new TextDecoder(encoding).decode(bytes) };
  // A byte order mark says the encoding outright (Excel's "Unicode Text" is UTF-16 LE with one): not a guess.
  const utf16 = UTF16_BOMS.find((b) => b.bom.every((x, i) => bytes[i] === x));
  if (utf16) return { ok: true, text: new TextDecoder(utf16.label).decode(bytes) };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    // Every byte well-formed: the decoder failed for the text's length (past V8's longest string), not for a byte.
    if (offset === bytes.length) return { ok: false, line: 1, message: 'too long to read as one text: split the file into smaller ones' };
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    return {
      ok: false,
      line,
      message:
        `not UTF-8: byte 0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${offset} cannot be read. ` +
        `${SAVE_AS_CSV}, or name the encoding it is in, e.g. --encoding windows-1252`,
    };
  }
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (bytes.length when none). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return i;
}
