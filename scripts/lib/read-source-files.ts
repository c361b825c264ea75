import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ContentError, type ContentIssue } from '../../core/content/content-error.ts';
import { decodeText, DEFAULT_ENCODING } from '../../core/text/decode-text.ts';
import { ZipError, ZipFile } from './read-zip.ts';

/**
 * The largest source file read (a file, or a file inside a zip): far above any real export of reviews or
 * jobs, and well below the longest string V8 can hold (2^29 − 24 characters: 512 MiB of ASCII did not fit, and a
 * file just under the old 512 MiB bound failed inside the decoder), so a huge file is refused by name.
 */
export const MAX_SOURCE_BYTES = 256 * 1024 * 1024;

export interface ReadSourceOptions {
  /** The encoding the files are in (default UTF-8, read strictly). */
  encoding?: string;
  /** Bound per file (default MAX_SOURCE_BYTES); tests lower it. */
  maxBytes?: number;
  /**
   * Bound on all the files read together (default MAX_SOURCE_BYTES): a 207 KB zip whose directory listed one 200 MB
   * entry 24 times took the import to 5.5 GB, each copy under the bound per file. Tests lower it.
   */
  maxTotalBytes?: number;
  /** Read a file that is a zip archive by its first bytes as one, whatever its name (a download saved without .zip). */
  zipBySignature?: boolean;
}

/** The first bytes of a zip archive (a local file header). */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

function startsLikeZip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(ZIP_SIGNATURE.length);
    readSync(fd, head, 0, head.length, 0);
    return ZIP_SIGNATURE.every((b, i) => head[i] === b);
  } finally {
    closeSync(fd);
  }
}

/**
 * The files under `path` that `accepts` (given their path relative to `path`, with `/`), decoded, in path
 * order so every run sees them in the same order. A file path is taken as is; a `.zip` is read without
 * unpacking (its entries are matched like the files of a folder). `shown` is how each path appears in
 * messages (`takeout.zip:Takeout/…/reviews.json` inside a zip). Every file that cannot be read (too large,
 * not in the encoding, a broken zip) is reported at once in one ContentError.
 */
export function readSourceFiles(
  path: string,
  accepts: (relativePath: string) => boolean,
  shown: (p: string) => string,
  options: ReadSourceOptions = {},
): { path: string; text: string }[] {
  const maxBytes = options.maxBytes ?? MAX_SOURCE_BYTES;
  const budget = new ReadBudget(options.maxTotalBytes ?? MAX_SOURCE_BYTES);
  const issues: ContentIssue[] = [];
  const out: { path: string; text: string }[] = [];
  const decode = (name: string, bytes: Uint8Array) => {
    if (!budget.take(bytes.length, name, issues)) return;
    const decoded = decodeText(bytes, options.encoding ?? DEFAULT_ENCODING);
    if (decoded.ok) out.push({ path: name, text: decoded.text });
    else issues.push({ file: name, ...(decoded.line !== undefined && { line: decoded.line }), message: decoded.message });
  };
  const readFile = (file: string) => {
    const st = statSync(file);
    // A pipe or a device (`/dev/zero`) reports no size: read, it would never end.
    if (!st.isFile()) issues.push({ file: shown(file), message: 'not a regular file (a pipe or a device?): give the exported file itself' });
    else if (st.size > maxBytes) issues.push({ file: shown(file), message: tooLarge(st.size, maxBytes) });
    else if (budget.fits(st.size, shown(file), issues)) decode(shown(file), readFileSync(file));
  };
  if (statSync(path).isDirectory()) {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile() && accepts(relative(path, full).split(sep).join('/'))) found.push(full);
      }
    };
    walk(path);
    found.sort().forEach(readFile);
  } else if (path.toLowerCase().endsWith('.zip') || (options.zipBySignature && startsLikeZip(path))) {
    readZip(path, accepts, shown(path), maxBytes, budget, decode, issues);
  } else readFile(path);
  if (issues.length > 0) throw new ContentError(issues);
  return out;
}

function readZip(
  path: string,
  accepts: (relativePath: string) => boolean,
  shownZip: string,
  maxBytes: number,
  budget: ReadBudget,
  decode: (name: string, bytes: Uint8Array) => void,
  issues: ContentIssue[],
): void {
  let zip: ZipFile;
  try {
    zip = new ZipFile(path);
  } catch (e) {
    if (!(e instanceof ZipError)) throw e;
    issues.push({ file: shownZip, message: e.message });
    return;
  }
  try {
    const wanted = zip.entries.filter((e) => !e.name.endsWith('/') && accepts(e.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of wanted) {
      const name = `${shownZip}:${entry.name}`;
      if (entry.size > maxBytes) {
        issues.push({ file: name, message: tooLarge(entry.size, maxBytes) });
        continue;
      }
      if (!budget.fits(entry.size, name, issues)) return;
      try {
        // Read no more than is left of the budget, whatever size the entry's header declares.
        decode(name, zip.read(entry, Math.min(maxBytes, budget.left)));
      } catch (e) {
        if (!(e instanceof ZipError)) throw e;
        issues.push({ file: shownZip, message: e.message });
      }
    }
  } finally {
    zip.close();
  }
}

/** What all the files of one import may add up to (MAX_SOURCE_BYTES); once spent, reading stops with one problem. */
class ReadBudget {
  readonly max: number;
  #used = 0;
  #spent = false;
  constructor(max: number) {
    this.max = max;
  }

  get left(): number {
    return Math.max(0, this.max - this.#used);
  }

  /** Whether `size` more bytes fit; if not, the problem is reported once and nothing more is read. */
  fits(size: number, name: string, issues: ContentIssue[]): boolean {
    if (!this.#spent && this.#used + size <= this.max) return true;
    if (!this.#spent)
      issues.push({
        file: name,
        message: `the files read add up to more than the ${Math.round(this.max / 1024 / 1024)} MB one import may read; import fewer files at a time`,
      });
    this.#spent = true;
    return false;
  }

  /** Counts `size` bytes read (fits was asked first, with the size declared: the bytes read may differ). */
  take(size: number, name: string, issues: ContentIssue[]): boolean {
    if (!this.fits(size, name, issues)) return false;
    this.#used += size;
    return true;
  }
}

function tooLarge(size: number, max: number): string {
  return `${Math.ceil(size / 1024 / 1024)} MB is more than the ${Math.round(max / 1024 / 1024)} MB a source file may have; split the export into smaller files`;
}
