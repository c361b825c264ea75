/**
 * A rebuild validates and publishes only the content that changed (issue 27). Each review file is taken in pieces of
 * LINES_PER_PIECE lines; each piece's validated records and published reviews (with their digests) are kept,
 * content-addressed by the file's path, the piece's first line and its bytes, the engine (every source file of core/,
 * the business configuration, the Node version: engineKey) and BASE_URL — all that `parseReviewLines` and
 * `publishReviews` read, record by record. A nightly rebuild adds reviews at the end of one file; every other piece is
 * read back instead of parsed, validated, published and hashed again (the model step about 1 s shorter at 100k reviews
 * with an entry per file; with an entry per piece the year's file of 14,000 reviews the new review joins is no longer
 * published whole: reading back, publishing and hashing a +1's content 0.89–1.47 → 0.73–1.21 s). A cold build writes
 * its entries too, once it has swapped in its pages (see the build's flush).
 * The checks across files (unique ids, catalog ids) still run over every record, so content that does not build
 * still fails with file, line, record and field. Kept beside the analysis cache, in its engine's folder, and used
 * only where that folder is this user's and writable by no one else; any error reads as "not cached".
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  checkReferences,
  factsOf,
  parseReviewLines,
  type ContentFile,
  type LocatedRecord,
  type RecordFacts,
} from '../../core/content/parse-content.ts';
import { ContentError, type ContentIssue } from '../../core/content/content-error.ts';
import { compareReviews } from '../../core/model/compare-reviews.ts';
import { freezeDeep } from '../../core/model/freeze-deep.ts';
import { publishReviews, type ExtractMentions, type HeldBackReview, type PublishResult } from '../../core/model/publish-reviews.ts';
import { rememberDigest, reviewDigest } from '../../core/model/review-digest.ts';
import { rememberJson, reviewJson } from '../../core/model/review-json.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { hashFiles } from './hash-files.ts';
import { isOwnFolder } from './is-own-folder.ts';

/**
 * An entry: a first line with the format and the entry's key (a file renamed to another key is not read), the body, and a
 * last line with the body's SHA-256 (an entry altered or cut short is not read).
 */
const MAGIC = 'SHINGLE-PUBLISHED-4';
const ENTRY = /^published-[0-9a-f]{64}\.json$/;
/** An entry being written (writeEntry), or left half-written by a build that was stopped. */
const PARTIAL = /^\.published-[0-9a-f]{64}\.json\.\d+\.[0-9a-f]{8}\.tmp$/;
/** Entries this build did not use are removed once this old: a piece's entry is replaced whenever the piece changes. */
const KEEP_UNUSED_MS = 24 * 3600 * 1000;

/** The files publishingCode hashes. */
const PUBLISHING_FILES = [fileURLToPath(new URL('../../package-lock.json', import.meta.url)), fileURLToPath(import.meta.url)];

/**
 * What validating and publishing depend on besides `core/` and the business (the engine key): every dependency's version
 * (the lock file: zod validates every record and rewrites some values), the runtime's text libraries (ICU, Unicode and the
 * URL parser change in Node releases that keep V8's version), and this file. Part of every entry's key.
 */
export function publishingCode(
  files: readonly string[] = PUBLISHING_FILES,
  runtime: NodeJS.ProcessVersions & { node?: string } = process.versions,
): string {
  return createHash('sha256')
    .update(`node ${runtime.node}|icu ${runtime.icu}|unicode ${runtime.unicode}|ada ${runtime.ada}|`)
    .update(hashFiles(files.filter((f) => existsSync(f))))
    .digest('hex');
}

/** What a content file contributes to the site model: its records' facts, and what publishReviews makes of them. */
interface PublishedFile {
  records: LocatedRecord<RecordFacts>[];
  published: PublishResult;
}

/**
 * The body of an entry: the records' facts by line, held-back reviews, and the published reviews with their digests and
 * the length of each one's JSON (last, written once the reviews are): each review's JSON is cut from the body by those
 * lengths (rememberJson), so `reviews.json` is written from the text read back rather than stringified again.
 */
interface Entry {
  records: [number, RecordFacts][];
  heldBack: HeldBackReview[];
  digests: string[];
  reviews: Review[];
  lengths: number[];
}

export interface PublishedContentCache {
  /** The folder entries live in, or null where nothing may be cached (SHINGLE_ANALYSIS_CACHE=off). */
  readonly folder: string | null;
  /** Pieces of files (LINES_PER_PIECE lines) read back from entries / validated and published afresh, by the last publishContentFiles. */
  readonly reused: number;
  readonly published: number;
  /** Writes the entries of the pieces published afresh, one at a time, and removes entries unused for a day. Never rejects. */
  flush(): Promise<void>;
}

/**
 * The content of `reviewFiles` validated and published as `parseContent` and `publishReviews` would (the same records,
 * the same reviews in the same order, byte for byte), reading back the pieces of files `folder` holds an entry for.
 */
export async function publishContentFiles(
  business: BusinessConfig,
  reviewFiles: readonly ContentFile[],
  baseUrl: string,
  extract: ExtractMentions,
  cache: { dir: string | null; engine: string; code: string },
): Promise<{ content: { business: BusinessConfig; records: LocatedRecord<RecordFacts>[] }; published: PublishResult; cache: PublishedContentCache }> {
  // Only in this user's private folders: an entry is trusted as the build's own (one planted in a shared temporary
  // folder is never read), as the analysis cache's are.
  const folder = cache.dir !== null && (await ownFolder(cache.dir, cache.engine)) ? join(cache.dir, cache.engine) : null;
  // A cold build writes its entries too: it holds the records' facts as JSON text from here to its flush, once its pages
  // are live (11 MB at 100k reviews). Until 2026-11-27 it wrote none, for its peak near the 1 GB it is held to, and the
  // first rebuild after it published every review again (6.8–7.0 s against 5.0–6.1 s the night after, at 100k).
  const keyOf = (path: string, before: number, text: string) =>
    createHash('sha256')
      .update(JSON.stringify([MAGIC, cache.engine, cache.code, baseUrl, path, before]))
      .update('\0')
      .update(text)
      .digest('hex');
  const issues: ContentIssue[] = [];
  const pieces = reviewFiles.flatMap((file) =>
    piecesOf(file.text).map(({ text, before }) => {
      const key = keyOf(file.path, before, text);
      const entry = folder === null ? null : readEntry(folder, key, file.path);
      return { key, entry, fresh: entry ? null : parsePiece(file.path, text, before, issues) };
    }),
  );
  const records = pieces.flatMap((p) => p.entry?.records ?? p.fresh!);
  checkReferences(business, records, issues);
  if (issues.length > 0) throw new ContentError(issues);
  // What the entries of the pieces published afresh hold, kept until flush: the records' facts as JSON text (not the records,
  // which are let go with the content), and the published reviews (kept by the model anyway).
  const pending: Pending[] = [];
  const parts = pieces.map(({ key, entry, fresh }) => {
    if (entry) return entry.published;
    const published = publishReviews(fresh!, business, baseUrl, extract);
    if (folder !== null) pending.push({ key, facts: JSON.stringify(fresh!.map((r) => [r.line, factsOf(r.record)])), published });
    return published;
  });
  const published: PublishResult = {
    // Each piece's reviews are in publishReviews' order already; the whole list in the same order as one call over every record
    // (a stable sort, ties broken by id, ids unique).
    reviews: parts.flatMap((p) => p.reviews).sort(compareReviews),
    heldBack: parts.flatMap((p) => p.heldBack),
  };
  const used = new Set(pieces.map((p) => `published-${p.key}.json`));
  const reused = pieces.filter((p) => p.entry).length;
  return {
    content: { business, records },
    published,
    cache: { folder, reused, published: pieces.length - reused, flush: () => (folder === null ? Promise.resolve() : flush(folder, pending, used)) },
  };
}

/**
 * Lines of a content file per entry: a review added at the end of a file publishes its last piece again, not the file
 * (a year's file held 14,000 reviews at 100k). Smaller pieces would mean more entries to open and check for the same
 * reviews read back.
 */
export const LINES_PER_PIECE = 1_000;

/**
 * `text` cut after every LINES_PER_PIECE-th line (the last piece may be shorter; an empty text is one empty piece),
 * each with the number of lines before it: the pieces' lines, numbered from there, are the file's lines.
 */
export function piecesOf(text: string): { text: string; before: number }[] {
  const pieces: { text: string; before: number }[] = [];
  for (let start = 0, before = 0; ; before += LINES_PER_PIECE) {
    let end = start;
    for (let n = 0; n < LINES_PER_PIECE && end < text.length; n++) {
      const newline = text.indexOf('\n', end);
      end = newline < 0 ? text.length : newline + 1;
    }
    pieces.push({ text: text.slice(start, end), before });
    if (end >= text.length) return pieces;
    start = end;
  }
}

/** The records of a piece of the file at `path`, validated, and their issues, with the file's line numbers. */
function parsePiece(path: string, text: string, before: number, issues: ContentIssue[]): LocatedRecord[] {
  const found: ContentIssue[] = [];
  const records = parseReviewLines({ path, text }, found);
  for (const issue of found) issues.push(issue.line === undefined ? issue : { ...issue, line: issue.line + before });
  return before === 0 ? records : records.map((r) => ({ ...r, line: r.line + before }));
}

/** A piece published afresh, whose entry flush writes. */
interface Pending {
  key: string;
  /** JSON of the records' facts, `Entry['records']`. */
  facts: string;
  published: PublishResult;
}

/** Reviews written to an entry per write: an entry (15 MB for 14,000 reviews) is never held whole in memory. */
const REVIEWS_PER_WRITE = 100;

/**
 * An entry's text, a piece at a time: MAGIC and key on the first line, then the body (the reviews' digests are reviewDigest's,
 * computed once per review).
 */
function* entryPieces({ key, facts, published }: Pending): Generator<string> {
  const { reviews, heldBack } = published;
  yield `${MAGIC} ${key}\n`; // the head line; the body follows
  yield `{"records":${facts},"heldBack":${JSON.stringify(heldBack)},"digests":${JSON.stringify(reviews.map(reviewDigest))},"reviews":[`;
  const lengths: number[] = [];
  for (let i = 0; i < reviews.length; i += REVIEWS_PER_WRITE) {
    const texts = reviews.slice(i, i + REVIEWS_PER_WRITE).map(reviewJson);
    for (const text of texts) lengths.push(text.length);
    yield (i > 0 ? ',' : '') + texts.join(',');
  }
  yield `]${lengthsTail(lengths)}`;
}

/** How an entry's body ends after its reviews: the length of each one's JSON. */
const lengthsTail = (lengths: readonly number[]) => `,"lengths":${JSON.stringify(lengths)}}`;

/**
 * A piece's records and published reviews from its entry (frozen, digests remembered), or null when there is none usable:
 * none, another key's, altered or cut short (the checksum), or one whose reviews and records disagree.
 */
function readEntry(folder: string, key: string, path: string): PublishedFile | null {
  try {
    const text = readFileSync(join(folder, `published-${key}.json`), 'utf8');
    const head = `${MAGIC} ${key}\n`;
    const tail = text.lastIndexOf('\n');
    if (!text.startsWith(head) || tail < head.length) return null;
    const body = text.slice(head.length, tail);
    if (createHash('sha256').update(body).digest('hex') !== text.slice(tail + 1)) return null;
    const entry = JSON.parse(body) as Entry;
    if (!consistent(entry)) return null;
    const texts = reviewTexts(body, entry.lengths);
    if (!texts) return null;
    const reviews = entry.reviews.map((r, i) => {
      rememberDigest(r, entry.digests[i]!);
      rememberJson(r, texts[i]!);
      freezeDeep(r);
      return r;
    });
    return { records: entry.records.map(([line, record]) => ({ record, file: path, line })), published: { reviews, heldBack: entry.heldBack } };
  } catch {
    return null; // unreadable: the piece is validated and published afresh
  }
}

/**
 * Each review's JSON, cut from an entry's body (`…"reviews":[<review>,<review>],"lengths":[…]}`) by their lengths; null
 * when the lengths do not fit (then the entry is not read): each text must be one whole JSON object (wholeObject), so the
 * cuts fall between the list's elements and each text is the one its review was parsed from. A review's text may hold
 * `},{`: checked only for its first and last characters, lengths moved onto such a place (the checksum made to match)
 * were taken, and `reviews.json` would have been written from the pieces (found by a helper's review, 2026-11-27).
 */
function reviewTexts(body: string, lengths: readonly number[]): string[] | null {
  const tail = `]${lengthsTail(lengths)}`;
  const total = lengths.reduce((sum, n) => sum + n, 0) + Math.max(lengths.length - 1, 0);
  let at = body.length - tail.length - total;
  if (!body.endsWith(tail) || body.slice(at - REVIEWS_HEAD.length, at) !== REVIEWS_HEAD) return null;
  const texts: string[] = [];
  for (const n of lengths) {
    // A review's JSON is an object, followed by a comma or the end of the list.
    if (body[at + n] !== ',' && body[at + n] !== ']') return null;
    const text = body.slice(at, at + n);
    if (!wholeObject(text)) return null;
    texts.push(text);
    at += n + 1;
  }
  return texts;
}

/**
 * Whether `text` is one JSON object and nothing more: it opens with `{`, and its braces and brackets, counted outside
 * strings (a string ends at an unescaped quote), close for the first time at its last character. JSON.stringify's text
 * has nothing between its tokens. A pass over the characters: 80 ms for 98,000 reviews.
 */
function wholeObject(text: string): boolean {
  if (text.charCodeAt(0) !== OPEN_BRACE) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i === text.length - 1;
  }
  return false;
}

const [QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [...'"\\{}[]'].map((c) => c.charCodeAt(0));

/** What precedes the reviews in an entry's body. */
const REVIEWS_HEAD = '"reviews":[';

/** Whether an entry's parts agree: a digest per review, a review per verified record, a held-back review per other record. */
function consistent(e: Entry): boolean {
  if (![e.records, e.heldBack, e.digests, e.lengths, e.reviews].every(Array.isArray)) return false;
  if (e.digests.length !== e.reviews.length || e.lengths.length !== e.reviews.length || !e.lengths.every((n) => Number.isSafeInteger(n) && n > 0))
    return false;
  const verified = e.records.filter(([, r]) => r.verification.status === 'verified').map(([, r]) => r.id);
  const others = e.records.filter(([, r]) => r.verification.status !== 'verified').map(([, r]) => r.id);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    same(verified.sort(), e.reviews.map((r) => r.id).sort()) &&
    same(
      others,
      e.heldBack.map((h) => h.id),
    )
  );
}

/** Makes `<dir>/<engine>` (private) if need be; whether both are this user's and writable by no one else. */
async function ownFolder(dir: string, engine: string): Promise<boolean> {
  try {
    await mkdir(join(dir, engine), { recursive: true, mode: 0o700 });
    return (await isOwnFolder(dir)) && (await isOwnFolder(join(dir, engine)));
  } catch {
    return false;
  }
}

/** Pieces written between two turns of the event loop: a large file's entry does not hold up the build's rendering. */
const PIECES_PER_TURN = 20;

/** Writes one entry under a temporary name (this user's alone), then renames it: a reader finds a whole entry or none. Never rejects. */
async function writeEntry(folder: string, entry: Pending): Promise<void> {
  const name = `published-${entry.key}.json`;
  const temp = join(folder, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      const hash = createHash('sha256');
      let n = 0;
      for (const piece of entryPieces(entry)) {
        if (n++ > 0) hash.update(piece); // the first piece is the head line
        writeAll(fd, Buffer.from(piece));
        if (n % PIECES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      writeAll(fd, Buffer.from(`\n${hash.digest('hex')}`));
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(folder, name));
  } catch {
    try {
      rmSync(temp, { force: true }); // a full disk: the next build publishes that piece again
    } catch {
      // left for the tidy (PARTIAL)
    }
  }
}

/** Writes all of `bytes` (a write may take fewer than it is given). */
function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

async function flush(folder: string, pending: Pending[], used: ReadonlySet<string>): Promise<void> {
  // A piece at a time, the event loop let through as it goes (the build goes on rendering meanwhile).
  while (pending.length > 0) await writeEntry(folder, pending.shift()!);
  // Synchronous calls: hundreds of awaited round trips through the thread pool took 0.1–0.25 s of a +1 rebuild at 100k
  // reviews, once the flush came after the swap; these take a few milliseconds.
  try {
    const now = new Date();
    for (const name of readdirSync(folder)) {
      if (!ENTRY.test(name) && !PARTIAL.test(name)) continue;
      const path = join(folder, name);
      if (used.has(name)) {
        try {
          utimesSync(path, now, now);
        } catch {
          // removed meanwhile: the next build publishes that piece again
        }
      } else if (now.getTime() - statSync(path).mtimeMs > KEEP_UNUSED_MS) rmSync(path, { force: true });
    }
  } catch {
    // Another build tidying at the same time: what is left is tidied next time.
  }
}
