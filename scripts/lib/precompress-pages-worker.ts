/**
 * Worker thread of startPagePrecompressor: while Astro renders the pages (on the main thread, one core), makes the
 * variants of the archive pages it has written so far, on the core Astro leaves idle. It looks for new pages again at
 * once after a pass that found some, POLL_MS after one that found none; compresses each exactly as compressPages would
 * (`compress`, through the machine's compression cache); writes `index.html.gz` and `.br` beside it (never through a
 * file already there); and posts the hashes of the page it read and of both variants, with the variants' inode, size
 * and time. Told to stop, it finishes the page in hand and ends. compressPages keeps a page's variants only when the
 * page's final bytes are the ones read here and the variants are still the files written (a page read while Astro
 * was still writing it is compressed again).
 */
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { sharedCompressionCache } from './compression-cache.ts';
import { isArchivePage, MIN_BYTES, type PrecompressedPage, type WrittenFile } from './compress-pages.ts';
import { compress } from './write-documents.ts';

/** What the thread posts: a page whose variants it wrote (path relative to the folder, `/`-separated). */
export interface PrecompressedMessage {
  rel: string;
  page: PrecompressedPage;
}

/** How long to wait before looking again when Astro has written nothing new. */
const POLL_MS = 50;
const MONTH = /^\d{4}-\d{2}$/;
const NUMBER = /^\d+$/;

const { dir } = workerData as { dir: string };

const port = parentPort!;
let stopping = false;
port.once('message', () => {
  stopping = true;
});

/** The archive pages' files (`reviews/page/N/`, `reviews/YYYY-MM/`) whose folders exist so far. */
async function archivePages(): Promise<string[]> {
  const names = async (sub: string) => readdir(join(dir, sub)).catch(() => [] as string[]);
  const numbered = (await names('reviews/page')).filter((n) => NUMBER.test(n)).map((n) => `reviews/page/${n}/index.html`);
  const months = (await names('reviews')).filter((n) => MONTH.test(n)).map((n) => `reviews/${n}/index.html`);
  // A safeguard beside the patterns above: what this thread compresses at the archive pages' settings must be what
  // compressPages would compress so, or the variants it keeps would differ from a build's without this thread.
  return [...numbered, ...months].filter((rel) => isArchivePage(`/${rel}`));
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A file just written, as compressPages will check it is still there (`stillWritten`). */
async function written(file: string): Promise<WrittenFile> {
  const { ino, size, mtimeMs } = await lstat(file);
  return { ino, size, mtimeMs };
}

/** Compresses one page if Astro has written it; false when it is not there yet. */
async function precompress(rel: string): Promise<boolean> {
  const file = join(dir, rel);
  const body = await readFile(file).catch(() => null);
  if (!body || body.length < MIN_BYTES) return false; // not written yet (an archive page is never that small)
  const { gz, br } = await compress(body, sharedCompressionCache(), true, undefined, 'thread');
  // Both writes settled before either failure is thrown: with Promise.all, a refused .br (a link planted there) reached the
  // clean-up below while the .gz was still being written, and the .gz written after its removal stayed (a test caught it).
  const writes = await Promise.allSettled([writeFile(`${file}.gz`, gz, { flag: 'wx' }), writeFile(`${file}.br`, br, { flag: 'wx' })]);
  for (const w of writes) if (w.status === 'rejected') throw w.reason;
  const [gzFile, brFile] = await Promise.all([written(`${file}.gz`), written(`${file}.br`)]);
  const page: PrecompressedPage = { sha256: sha256(body), gz: sha256(gz), br: sha256(br), gzFile, brFile };
  port.postMessage({ rel, page } satisfies PrecompressedMessage);
  return true;
}

const settled = new Set<string>();
while (!stopping) {
  let made = 0;
  for (const rel of await archivePages()) {
    if (stopping) break;
    if (settled.has(rel)) continue;
    try {
      if (!(await precompress(rel))) continue;
    } catch {
      // Left to compressPages: what was written of it is removed here (a link found where a variant goes is removed,
      // not written through), and compressPages compresses the page as usual.
      await Promise.all([rm(join(dir, `${rel}.gz`), { force: true }), rm(join(dir, `${rel}.br`), { force: true })]);
    }
    settled.add(rel);
    made++;
  }
  if (made === 0) await sleep(POLL_MS);
}
