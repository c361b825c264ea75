import type { ContentFile } from '../content/parse-content.ts';

type Raw = Record<string, unknown>;

/**
 * The review files of a content folder as lines, editable by record id: a replaced record is written
 * back as one compact JSON line, and every other line keeps its exact bytes.
 */
export class RecordLines {
  private readonly lines: string[][];
  private readonly slots = new Map<string, { file: number; line: number }>();
  private readonly dirty = new Set<number>();
  private readonly files: readonly ContentFile[];

  constructor(files: readonly ContentFile[]) {
    this.files = files;
    this.lines = files.map((f) => f.text.split('\n'));
    this.lines.forEach((lines, file) =>
      lines.forEach((text, line) => {
        if (text.trim() === '') return;
        const id = (JSON.parse(text) as Raw).id;
        if (typeof id === 'string' && !this.slots.has(id)) this.slots.set(id, { file, line });
      }),
    );
  }

  /** The record as written in the file (no defaults applied), or undefined. */
  get(id: string): Raw | undefined {
    const slot = this.slots.get(id);
    return slot ? (JSON.parse(this.lines[slot.file]![slot.line]!) as Raw) : undefined;
  }

  /** Where a record is, as `path:line`. */
  where(id: string): string | undefined {
    const slot = this.slots.get(id);
    return slot ? `${this.files[slot.file]!.path}:${slot.line + 1}` : undefined;
  }

  set(id: string, record: Raw): void {
    const slot = this.slots.get(id);
    if (!slot) throw new Error(`no record ${id}`);
    this.lines[slot.file]![slot.line] = JSON.stringify(record);
    this.dirty.add(slot.file);
  }

  /** The files that changed, complete. */
  changedFiles(): ContentFile[] {
    return [...this.dirty].sort((a, b) => a - b).map((i) => ({ path: this.files[i]!.path, text: this.lines[i]!.join('\n') }));
  }
}
