import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ContentError, type ContentIssue } from '../../core/content/content-error.ts';
import {
  checkReferences,
  parseBusiness,
  parseContent,
  parseReviewLines,
  type ContentFile,
  type ParsedContent,
} from '../../core/content/parse-content.ts';
import { DEFAULT_CONTENT_DIR } from '../../core/content/default-content-dir.ts';
import { firstInvalidUtf8 } from '../../core/text/decode-text.ts';

/** The content folder in effect: CONTENT_DIR, or content/ beside the project root. */
export function contentDirFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string {
  return resolve(root, env.CONTENT_DIR ?? DEFAULT_CONTENT_DIR);
}

/** How a path appears in messages: relative to the working directory. */
export const shownPath = (p: string): string => relative(process.cwd(), p) || p;

/**
 * Lists content/reviews/*.jsonl in name order (order only affects where errors are reported). A folder so named is a
 * content error: read, it failed every command with a bare EISDIR.
 */
export function listReviewFiles(dir: string): string[] {
  const reviewsDir = join(dir, 'reviews');
  let entries: Dirent[];
  try {
    entries = readdirSync(reviewsDir, { withFileTypes: true });
  } catch {
    return [];
  }
  const named = entries.filter((e) => e.name.endsWith('.jsonl'));
  const folders = named.filter((e) => e.isDirectory());
  if (folders.length > 0)
    throw new ContentError(
      folders.map((e) => ({ file: shownPath(join(reviewsDir, e.name)), message: 'a folder, not a file of reviews: rename or remove it' })),
    );
  return named
    .map((e) => e.name)
    .sort()
    .map((n) => join(reviewsDir, n));
}

/** A content folder as read: the files as text (the tools rewrite lines of them) and their validated content. */
export interface ContentFiles {
  dir: string;
  /** `reviews/` as shown in messages (relative to the working directory). */
  reviewsDir: string;
  business: ContentFile;
  reviews: ContentFile[];
  /** The same files, validated: import and verify refuse to touch content that does not build. */
  parsed: ParsedContent;
}

/** An issue `verify --recheck` can repair: a review naming a technician, service or area business.json no longer has. */
const isCatalogReference = (i: ContentIssue) =>
  /^(technicians\.\d+|services\.\d+|serviceArea)$/.test(i.field ?? '') && i.message.startsWith('unknown ');

/**
 * Reads a content folder as text and validates it: the one place that reads content from disk (the
 * site build through {@link readContentDir}; import, verify, moderate and pull through this, as they
 * rewrite lines of the files). Errors name file, line, record and field (core/content/parse-content.ts).
 * With `catalogChanged`, reviews that name catalog ids business.json no longer has are let through (a
 * recheck is about to replace them from their jobs; the result is validated again before it is written).
 */
export function readContentFiles(dir: string, options: { catalogChanged?: boolean } = {}): ContentFiles {
  const { business, reviews } = readContentTexts(dir);
  const reviewsDir = shownPath(join(dir, 'reviews'));
  if (!options.catalogChanged) return { dir, reviewsDir, business, reviews, parsed: parseContent(business, reviews) };
  const config = parseBusiness(business);
  const issues: ContentIssue[] = [];
  const records = reviews.flatMap((f) => parseReviewLines(f, issues));
  checkReferences(config, records, issues);
  const blocking = issues.filter((i) => !isCatalogReference(i));
  if (blocking.length > 0) throw new ContentError(blocking);
  return { dir, reviewsDir, business, reviews, parsed: { business: config, records } };
}

/**
 * The files of a content folder as text, not yet validated (readContentFiles validates them; the build's published-content
 * cache validates only the files it has not seen).
 */
export function readContentTexts(dir: string): { business: ContentFile; reviews: ContentFile[] } {
  const businessPath = join(dir, 'business.json');
  let bytes: Buffer;
  try {
    bytes = readFileSync(businessPath);
  } catch {
    throw new ContentError([{ file: shownPath(businessPath), message: 'missing: every content folder needs a business.json' }]);
  }
  const reviews = listReviewFiles(dir).map((p) => ({ path: shownPath(p), text: utf8Text(p, readFileSync(p)) }));
  return { business: { path: shownPath(businessPath), text: utf8Text(businessPath, bytes) }, reviews };
}

/**
 * A content file's text, read strictly as UTF-8 (a byte order mark dropped). Read leniently, a byte of another
 * encoding (a Latin-1 "é" typed in an old editor) became U+FFFD: published so, and written back so by the next import
 * of that file, which reported "0 updated" (adversarial review, 2026-11-27). Now it is an error naming file and line.
 */
function utf8Text(path: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
    const byte = bytes[offset]!.toString(16).toUpperCase().padStart(2, '0');
    throw new ContentError([
      {
        file: shownPath(path),
        line,
        message: `not UTF-8: byte 0x${byte} at byte offset ${offset} cannot be read; content files are UTF-8 (retype the character in an editor that saves UTF-8)`,
      },
    ]);
  }
}

/** Reads and validates a content folder: only the parsed content (what the site build needs). */
export function readContentDir(dir: string): ParsedContent {
  return readContentFiles(dir).parsed;
}
