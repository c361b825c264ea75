/**
 * The one content reader (site/lib/read-content-dir.ts): the site build's parsed view and the tools'
 * raw-and-parsed view are one read of the same files, and a bad line is named by file, line, record and field.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError } from '../../../../core/content/content-error.ts';
import { readContentDir, readContentFiles, shownPath } from '../../../../site/lib/read-content-dir.ts';
import { record } from '../../../helpers/sample-model.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A content folder with the sample business.json and `lines` as reviews/2024.jsonl. */
function contentFolder(lines: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'read-content-dir-'));
  temps.push(dir);
  cpSync(join(ROOT, 'content', 'business.json'), join(dir, 'business.json'));
  mkdirSync(join(dir, 'reviews'));
  writeFileSync(join(dir, 'reviews', '2024.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

describe('readContentFiles / readContentDir', () => {
  it('gives the site the same parsed content as the tools, and the tools the files as written', () => {
    const lines = [JSON.stringify(record({ id: 'r-1', date: '2024-03-01' })), JSON.stringify(record({ id: 'r-2', date: '2024-03-02', rating: 2 }))];
    const dir = contentFolder(lines);
    const files = readContentFiles(dir);
    expect(readContentDir(dir)).toEqual(files.parsed);
    expect(files.parsed.records.map((r) => r.record.id)).toEqual(['r-1', 'r-2']);
    expect(files.reviews).toEqual([{ path: shownPath(join(dir, 'reviews', '2024.jsonl')), text: `${lines.join('\n')}\n` }]);
    expect(files.reviewsDir).toBe(shownPath(join(dir, 'reviews')));
  });

  it('names file, line, record and field of a bad review, through either view', () => {
    const dir = contentFolder([
      JSON.stringify(record({ id: 'r-1', date: '2024-03-01' })),
      JSON.stringify(record({ id: 'r-bad', date: '2024-03-02', rating: 9 })),
    ]);
    for (const read of [() => readContentDir(dir), () => readContentFiles(dir)]) {
      const error = (() => {
        try {
          read();
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ContentError);
      expect((error as ContentError).issues).toEqual([
        expect.objectContaining({ file: shownPath(join(dir, 'reviews', '2024.jsonl')), line: 2, recordId: 'r-bad', field: 'rating' }),
      ]);
    }
  });

  it('says a folder without business.json is missing one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'read-content-dir-'));
    temps.push(dir);
    expect(() => readContentDir(dir)).toThrow(/business\.json missing: every content folder needs a business\.json/);
  });
});

/** The ContentError reading `dir` throws (the test fails when it throws none, or another error). */
function contentErrorOf(dir: string): ContentError {
  try {
    readContentFiles(dir);
  } catch (e) {
    if (e instanceof ContentError) return e;
    throw e;
  }
  throw new Error(`${dir}: read without a content error`);
}

describe('content files are read as UTF-8, strictly', () => {
  it('names file and line of a byte that is not UTF-8, instead of publishing and rewriting it as U+FFFD', () => {
    const good = JSON.stringify(record({ id: 'r-1', date: '2024-03-01' }));
    const latin1 = Buffer.from(JSON.stringify(record({ id: 'r-2', date: '2024-03-02', text: 'Caf\u00e9 roof, great crew.' })), 'latin1');
    const dir = contentFolder([good]);
    writeFileSync(join(dir, 'reviews', '2024.jsonl'), Buffer.concat([Buffer.from(`${good}\n`), latin1, Buffer.from('\n')]));
    const error = contentErrorOf(dir);
    expect(error.issues[0]).toMatchObject({ file: shownPath(join(dir, 'reviews', '2024.jsonl')), line: 2 });
    expect(error.issues[0]!.message).toMatch(/^not UTF-8: byte 0xE9 at byte offset \d+/);
  });

  it('reads a file saved with a byte order mark as the build does (the tools refused it with an invisible character)', () => {
    const lines = [JSON.stringify(record({ id: 'r-1', date: '2024-03-01' }))];
    const dir = contentFolder(lines);
    writeFileSync(join(dir, 'reviews', '2024.jsonl'), `\ufeff${lines[0]}\n`);
    expect(readContentFiles(dir).parsed.records.map((r) => r.record.id)).toEqual(['r-1']);
  });
});

describe('a folder where a review file should be', () => {
  it('is a content error naming it (every command failed with a bare EISDIR)', () => {
    const dir = contentFolder([JSON.stringify(record({ id: 'r-1', date: '2024-03-01' }))]);
    mkdirSync(join(dir, 'reviews', 'x.jsonl'));
    const error = contentErrorOf(dir);
    expect(error.issues).toEqual([
      { file: shownPath(join(dir, 'reviews', 'x.jsonl')), message: 'a folder, not a file of reviews: rename or remove it' },
    ]);
  });
});
