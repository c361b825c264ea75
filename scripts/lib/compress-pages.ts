import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { extname, join, relative, sep } from 'node:path';
import { compress } from './write-documents.ts';
import { sharedCompressionCache } from './compression-cache.ts';
import type { Progress } from './progress.ts';

/** Text files of the Astro output worth precompressing (pages, styles, scripts, feeds of the site). */
const TEXT = new Set(['.html', '.css', '.js', '.svg', '.xml', '.txt']);
/** Below this size a compressed sibling saves too little to be worth a file. */
const MIN_BYTES = 256;
/** The archive pages (`reviews/page/N/`, `reviews/YYYY-MM/`), compressed at ARCHIVE_BROTLI_QUALITY. */
const ARCHIVE = /[/\\]reviews[/\\](page[/\\]\d+|\d{4}-\d{2})[/\\]index\.html$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (TEXT.has(extname(entry.name))) yield path;
  }
}

/**
 * Writes `.gz` and `.br` beside every HTML page and text asset of the static site (the data
 * documents get theirs from writeDocuments), so the sidecar — and any web server with a
 * gzip_static-like option — serves them compressed without compressing per request. Four at a time:
 * zlib runs on the libuv pool, and memory stays flat at 100k-review builds. Returns the SHA-256 of every file it
 * read or wrote (path relative to `outDir`, `/`-separated), so comparing with the previous build reads none of
 * them again; `progress` counts the files (a cold 100k-review build spends most of its time here).
 */
export async function compressPages(outDir: string, progress?: Progress): Promise<Map<string, string>> {
  const files: string[] = [];
  for await (const file of walk(outDir)) files.push(file);
  progress?.start(files.length, 'compressing pages');
  const hashes = new Map<string, string>();
  const note = (file: string, bytes: Buffer) =>
    hashes.set(relative(outDir, file).split(sep).join('/'), createHash('sha256').update(bytes).digest('hex'));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const body = await readFile(file);
      note(file, body);
      if (body.length >= MIN_BYTES) {
        const { gz, br } = await compress(body, sharedCompressionCache(), ARCHIVE.test(file));
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
        note(`${file}.gz`, gz);
        note(`${file}.br`, br);
      }
      progress?.tick();
    }
  };
  // Four lanes: a page found in the compression cache is mostly reading and verifying (I/O and the libuv
  // pool), so more than one lane per core keeps both cores busy; a miss compresses on the pool either way.
  await Promise.all([worker(), worker(), worker(), worker()]);
  progress?.done();
  return hashes;
}
