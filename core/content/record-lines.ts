import { ContentError } from './content-error.ts';
import type { ContentFile } from './parse-content.ts';
import { jsonLineError } from '../text/json-line-error.ts';

type Raw = Record<string, unknown>;

/**
 * The review files of a content folder as lines, editable by record id — what import and verify share.
 * A replaced record is written back as one compact JSON line, new records are appended to the file of
 * their choice, and every other line keeps its exact bytes.
 */
export class RecordLines {
  private readonly files: readonly ContentFile[];
  private readonly lines: string[][];
  private readonly slots = new Map<string, { file: number; line: number; raw: Raw }>();
  private readonly dirty = new Set<number>();
  private readonly appended = new Map<string, string[]>();

  constructor(files: readonly ContentFile[]) {
    this.files = files;
    this.lines = files.map((f) => f.text.split('\n'));
    this.lines.forEach((lines, file) =>
      lines.forEach((text, line) => {
        if (text.trim() === '') return;
        let raw: Raw;
        try {
          raw = JSON.parse(text) as Raw;
        } catch (e) {
          throw new ContentError([{ file: files[file]!.path, line: line + 1, message: jsonLineError(e) }]);
        }
        if (typeof raw.id === 'string' && !this.slots.has(raw.id)) this.slots.set(raw.id, { file, line, raw });
      }),
    );
  }

  /** Every record id, in file and line order. */
  ids(): string[] {
    return [...this.slots.keys()];
  }

  /** The record as written in the file (no defaults applied), or undefined. Do not mutate it. */
  get(id: string): Readonly<Raw> | undefined {
    return this.slots.get(id)?.raw;
  }

  /** Where a record is: file path and 1-based line. */
  location(id: string): { file: string; line: number } | undefined {
    const slot = this.slots.get(id);
    return slot ? { file: this.files[slot.file]!.path, line: slot.line + 1 } : undefined;
  }

  /** Where a record is, as `path:line`. */
  where(id: string): string | undefined {
    const at = this.location(id);
    return at ? `${at.file}:${at.line}` : undefined;
  }

  /** Replaces an existing record. */
  set(id: string, record: Raw): void {
    const slot = this.slots.get(id);
    if (!slot) throw new Error(`no record ${id}`);
    this.lines[slot.file]![slot.line] = JSON.stringify(record);
    slot.raw = record;
    this.dirty.add(slot.file);
  }

  /** Adds a record at the end of `path` (an existing review file or a new one). */
  append(path: string, record: Raw): void {
    const list = this.appended.get(path);
    if (list) list.push(JSON.stringify(record));
    else this.appended.set(path, [JSON.stringify(record)]);
  }

  /** The files that changed or are new, complete, in path order after the existing ones. */
  changedFiles(): ContentFile[] {
    const out: ContentFile[] = [];
    const extra = new Map(this.appended);
    this.files.forEach((file, i) => {
      const added = extra.get(file.path);
      extra.delete(file.path);
      if (!this.dirty.has(i) && !added) return;
      const text = this.dirty.has(i) ? this.lines[i]!.join('\n') : file.text;
      const sep = text === '' || text.endsWith('\n') ? '' : '\n';
      out.push({ path: file.path, text: added ? `${text}${sep}${added.join('\n')}\n` : text });
    });
    for (const [path, added] of [...extra].sort(([a], [b]) => (a < b ? -1 : 1))) out.push({ path, text: `${added.join('\n')}\n` });
    return out;
  }
}
