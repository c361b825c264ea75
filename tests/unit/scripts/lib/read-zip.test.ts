import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError } from '../../../../core/content/content-error.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { readSourceFiles } from '../../../../scripts/lib/read-source-files.ts';
import { ZipFile } from '../../../../scripts/lib/read-zip.ts';
import { fixtureFiles } from '../../../helpers/import-fixtures.ts';
import { makeZip } from '../../../helpers/make-zip.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function zipFile(entries: Parameters<typeof makeZip>[0]): string {
  const dir = mkdtempSync(join(tmpdir(), 'shingle-zip-'));
  dirs.push(dir);
  const path = join(dir, 'takeout-20260301T000000Z-001.zip');
  writeFileSync(path, makeZip(entries));
  return path;
}
const shown = (p: string) => p.split('/').at(-1)!;

describe('a Google Takeout .zip, read without unpacking', () => {
  it('reads the review files as the unzipped folder gives them, and ignores the rest', () => {
    const folder = fixtureFiles('takeout-1');
    const path = zipFile([
      ...folder.map((f) => ({ name: f.path, data: f.text })),
      { name: 'Takeout/Google Photos/IMG_0001.jpg', data: Buffer.alloc(5000, 7), stored: true },
      { name: 'Takeout/archive_browser.html', data: '<html></html>' },
    ]);
    const files = readSourceFiles(path, isTakeoutReviewFile, shown);
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.path)).toEqual(
      folder.filter((f) => isTakeoutReviewFile(f.path)).map((f) => `takeout-20260301T000000Z-001.zip:${f.path}`),
    );
    const fromZip = parseGoogleTakeout(files, { timeZone: 'America/Denver' });
    const fromFolder = parseGoogleTakeout(
      folder.filter((f) => isTakeoutReviewFile(f.path)),
      { timeZone: 'America/Denver' },
    );
    expect(fromZip.issues).toEqual([]);
    expect(fromZip.reviews.map((r) => r.fields)).toEqual(fromFolder.reviews.map((r) => r.fields));
  });

  it('stops a zip bomb at the bound, whatever size the directory claims', () => {
    const path = zipFile([
      { name: 'Takeout/Google Business Profile/account-1/location-1/reviews.json', data: Buffer.alloc(4_000_000, 32), claimedSize: 100 },
    ]);
    expect(readFileSync(path).length).toBeLessThan(10_000);
    const zip = new ZipFile(path);
    try {
      expect(() => zip.read(zip.entries[0]!, 1_000_000)).toThrow(/inflates to more than 1 MB/);
    } finally {
      zip.close();
    }
    expect(() => readSourceFiles(path, isTakeoutReviewFile, shown, { maxBytes: 1_000_000 })).toThrow(ContentError);
  });

  it('refuses an entry whose directory says it is over the bound, naming it', () => {
    const path = zipFile([{ name: 'Takeout/Google Business Profile/account-1/location-1/reviews.json', data: '{}', claimedSize: 600 * 1024 * 1024 }]);
    expect(() => readSourceFiles(path, isTakeoutReviewFile, shown)).toThrow(/reviews\.json 600 MB is more than the 512 MB/);
  });

  it('says what is wrong with a file that is no zip, or a truncated one', () => {
    const path = zipFile([{ name: 'a.json', data: '{}' }]);
    writeFileSync(path, readFileSync(path).subarray(0, 40));
    expect(() => readSourceFiles(path, () => true, shown)).toThrow(/not a zip archive/);
  });
});
