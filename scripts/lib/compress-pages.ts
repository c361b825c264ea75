import { byCodePoint } from '../../core/text/by-code-point.ts';
import { readdirSync, rmSync } from 'node:fs';
import { lstat, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { extname, join, relative, sep } from 'node:path';
import { ARCHIVE_BROTLI_QUALITY, brotliQuality, compress } from './write-documents.ts';
import type { FileRecord } from './diff-dist.ts';
import { sharedCompressionCache } from './compression-cache.ts';
import type { Progress } from './progress.ts';
import { hashFiles } from './hash-files.ts';
import { linkIntact, type LinkedPage } from './page-reuse-plan.ts';

/** Text files of the Astro output worth precompressing (pages, styles, scripts, feeds of the site). */
const TEXT = new Set(['.html', '.css', '.js', '.svg', '.xml', '.txt']);
/** Below this size a compressed sibling saves too little to be worth a file. */
export const MIN_BYTES = 256;
/** The archive pages (`reviews/page/N/`, `reviews/YYYY-MM/`), compressed at ARCHIVE_BROTLI_QUALITY. */
const ARCHIVE = /[/\\]reviews[/\\](page[/\\]\d+|\d{4}-\d{2})[/\\]index\.html$/;
/** Whether a file (path in the build) is an archive page. */
export const isArchivePage = (file: string): boolean => ARCHIVE.test(file);

/**
 * The source files that decide how a page's variants are made (levels, size classes, the brotli window): their
 * hash is part of PAGE_VARIANT_SETTINGS, so a change to any of them is never mixed with the previous build's
 * variants even where the summary below reads the same.
 */
const VARIANT_SOURCES = [
  './compress-pages.ts',
  './precompress-pages-worker.ts',
  './write-documents.ts',
  './chunked-gzip.ts',
  '../../core/http/brotli-window.ts',
];
const variantCode = hashFiles(VARIANT_SOURCES.map((f) => new URL(f, import.meta.url))).slice(0, 16);

/**
 * How the variants of pages are made: reused from the previous build only when it made them the same way
 * (these levels, this code, this zlib and brotli), so a rebuild's bytes are those of a cold build.
 */
export const PAGE_VARIANT_SETTINGS = `pages 1|min ${MIN_BYTES}|gzip 9|brotli ${brotliQuality(0)}/${brotliQuality(128 * 1024)}/${ARCHIVE_BROTLI_QUALITY}/${brotliQuality(2 ** 30)} text|window fitted|code ${variantCode}|zlib ${process.versions.zlib}|brotli ${process.versions.brotli}`;

/**
 * A page whose variants were made while Astro rendered (startPagePrecompressor): the SHA-256 of the bytes that were
 * compressed and of the `.gz` and `.br` written beside it.
 */
export interface PrecompressedPage {
  sha256: string;
  gz: string;
  br: string;
  /** The `.gz` and `.br` as written: kept only if the files are still those (stillWritten). */
  gzFile: WrittenFile;
  brFile: WrittenFile;
}

/** A file as its writer found it just after writing it. */
export interface WrittenFile {
  ino: number;
  size: number;
  mtimeMs: number;
}

/** What compressPages made: the hash of every file it read or wrote, and how many pages' precompressed variants it kept. */
export interface CompressedPages {
  hashes: Map<string, string>;
  precompressedKept: number;
}

/**
 * Whether a variant the precompressor wrote is still that file: a regular file with no other link, and the same inode,
 * size and modification time (rewritten in place, it would have another time; a replacement, another inode).
 */
async function stillWritten(file: string, written: WrittenFile): Promise<boolean> {
  const st = await lstat(file).catch(() => null);
  return st !== null && st.isFile() && st.nlink === 1 && st.ino === written.ino && st.size === written.size && st.mtimeMs === written.mtimeMs;
}

/** The previous build (the folder dist/ links to) and its record, whose unchanged pages' variants are reused. */
export interface PreviousPages {
  dir: string;
  record: FileRecord;
  settings: string;
}

/**
 * The previous build's variants of a page whose bytes it had too, linked (or copied) into `outDir` and kept when their
 * size and modification time are still those recorded when that build wrote them (builds are never changed once live;
 * linkIntact checks the link). Returns their hashes, or null (then the page is compressed as usual, and nothing linked
 * is left behind to be written through).
 */
function reusePrevious(previous: PreviousPages | undefined, rel: string, sha: string, file: string): [string, string] | null {
  if (!previous || previous.settings !== PAGE_VARIANT_SETTINGS || previous.record.get(rel)?.[2] !== sha) return null;
  const variants = [`${rel}.gz`, `${rel}.br`].map((v) => [v, previous.record.get(v)] as const);
  if (variants.some(([, kept]) => !kept)) return null;
  const made = variants.map(([v]) => `${file}${v.slice(rel.length)}`);
  // Linked, then checked (linkIntact): a variant replaced or gone in the previous build fails its check, and both links
  // are removed before the page is compressed as usual.
  const intact = variants.map(([v, kept], i) => {
    try {
      return linkIntact(join(previous.dir, v), made[i]!, kept!);
    } catch {
      return false;
    }
  });
  if (!intact.every(Boolean)) {
    for (const to of made) rmSync(to, { force: true });
    return null;
  }
  return [variants[0]![1]![2], variants[1]![1]![2]];
}

/**
 * The HTML pages and text assets under `dir`, in code-point order of their paths. Synchronous calls: over 2,000 folders
 * at 100k reviews (a folder per listing page), whose listings cost more as promises than the listing itself.
 */
function textFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (TEXT.has(extname(entry.name))) files.push(path);
    }
  };
  walk(dir);
  return files.sort(byCodePoint);
}

export interface CompressPagesOptions {
  /** Counts the files (a cold 100k-review build spent most of its time here). */
  progress?: Progress;
  /** The previous build, whose variants of unchanged pages are linked instead of made again. */
  previous?: PreviousPages;
  /** Pages linked from the previous build (page reuse): not read, their recorded hash and size are used. */
  linked?: ReadonlyMap<string, LinkedPage>;
  /**
   * Pages whose variants were made while Astro rendered (startPagePrecompressor), by path relative to `outDir`; given
   * when it ran, even empty: then an archive page not among them, or whose bytes or variants differ from what it
   * reported, may have variants left from an attempt, removed before it is compressed.
   */
  precompressed?: ReadonlyMap<string, PrecompressedPage>;
}

/**
 * Writes `.gz` and `.br` beside every HTML page and text asset of the static site (the data
 * documents get theirs from writeDocuments), so the sidecar — and any web server with a
 * gzip_static-like option — serves them compressed without compressing per request. Four at a time:
 * zlib runs on the libuv pool, and memory stays flat at 100k-review builds. Returns the SHA-256 of every file it
 * read or wrote (path relative to `outDir`, `/`-separated), so comparing with the previous build reads none of
 * them again.
 */
export async function compressPages(
  outDir: string,
  { progress, previous, linked = new Map(), precompressed }: CompressPagesOptions = {},
): Promise<CompressedPages> {
  const files = textFiles(outDir);
  progress?.start(files.length, 'compressing pages');
  const hashes = new Map<string, string>();
  const relOf = (file: string) => relative(outDir, file).split(sep).join('/');
  const note = (file: string, bytes: Buffer) => hashes.set(relOf(file), createHash('sha256').update(bytes).digest('hex'));
  let next = 0;
  let precompressedKept = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      const rel = relOf(file);
      // A page linked from the previous build (page reuse) is not read: its hash and size are the recorded ones.
      const kept = linked.get(rel);
      let body = kept ? null : await readFile(file);
      if (kept) hashes.set(rel, kept.sha256);
      else note(file, body!);
      const size = kept?.size ?? body!.length;
      const made = precompressed?.get(rel);
      if (
        made &&
        made.sha256 === hashes.get(rel) &&
        (await stillWritten(`${file}.gz`, made.gzFile)) &&
        (await stillWritten(`${file}.br`, made.brFile))
      ) {
        hashes.set(`${rel}.gz`, made.gz);
        hashes.set(`${rel}.br`, made.br);
        precompressedKept++;
        progress?.tick();
        continue;
      }
      if (precompressed && !kept && isArchivePage(file)) await Promise.all([rm(`${file}.gz`, { force: true }), rm(`${file}.br`, { force: true })]);
      const reused = size >= MIN_BYTES ? reusePrevious(previous, rel, hashes.get(rel)!, file) : null;
      if (reused) {
        hashes.set(`${rel}.gz`, reused[0]);
        hashes.set(`${rel}.br`, reused[1]);
      } else if (size >= MIN_BYTES) {
        body ??= await readFile(file);
        const { gz, br } = await compress(body, sharedCompressionCache(), isArchivePage(file));
        // 'wx': a variant is only ever a new file here; writing into an existing one could write through a link into
        // the previous build.
        await Promise.all([writeFile(`${file}.gz`, gz, { flag: 'wx' }), writeFile(`${file}.br`, br, { flag: 'wx' })]);
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
  return { hashes, precompressedKept };
}
