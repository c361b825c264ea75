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

/**
 * Decodes a source file. UTF-8 (the default) is decoded strictly: a byte that is not UTF-8 (Excel's plain
 * "CSV (Comma delimited)" writes Windows-1252, so `José` arrives as `Jos\xE9`) is refused with its line and
 * byte offset and the fix, never turned into U+FFFD ("Jos H." instead of "José H."). Another encoding is
 * read only when the owner names it. A leading byte order mark is dropped.
 */
export function decodeText(bytes: Uint8Array, encoding: string = DEFAULT_ENCODING): DecodedText {
  const utf8 = new TextDecoder(encoding).encoding === 'utf-8';
  if (!utf8) return { ok: true, text: new TextDecoder(encoding).decode(bytes) };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    return {
      ok: false,
      line,
      message:
        `not UTF-8: byte 0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${offset} cannot be read. ` +
        'Save the file as "CSV UTF-8 (Comma delimited)" (Excel: File → Save As → File Format), ' +
        'or name the encoding it is in, e.g. --encoding windows-1252',
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
