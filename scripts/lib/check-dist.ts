import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { z } from 'zod';
import type { BuildManifest, ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import { reviewBytes, splitReviewsDocument } from '../../core/feeds/reviews-layout.ts';
import { InsightsDocumentSchema } from '../../core/schemas/insights-schema.ts';
import { JsonFeedSchema } from '../../core/schemas/json-feed-schema.ts';
import { ReviewsDocumentSchema, SinceDocumentSchema } from '../../core/schemas/reviews-document-schema.ts';
import { WidgetDocumentSchema } from '../../core/widget/widget-document-schema.ts';
import { checkWidgetScript } from './compile-widget.ts';
import { CHECK_EVERY_REVIEW, type CheckedReviews } from './checked-reviews.ts';

const SCHEMAS: Partial<Record<ManifestDocument['kind'], z.ZodType>> = {
  reviews: ReviewsDocumentSchema,
  insights: InsightsDocumentSchema,
  'json-feed': JsonFeedSchema,
  since: SinceDocumentSchema,
  widget: WidgetDocumentSchema,
};

/** RFC 4287 §4.1.1/§4.1.2: the elements a feed and each entry must have. */
export function checkAtom(xml: string): string[] {
  const problems: string[] = [];
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return [`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`];
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (n) => ['entry', 'link', 'author', 'category'].includes(n) }).parse(xml);
  const feed = parsed.feed;
  if (!feed || feed['@_xmlns'] !== 'http://www.w3.org/2005/Atom') return ['root element is not an Atom <feed>'];
  for (const el of ['id', 'title', 'updated']) if (feed[el] === undefined) problems.push(`feed lacks <${el}>`);
  const rels = (links: { '@_rel'?: string }[] = []) => links.map((l) => l['@_rel'] ?? 'alternate');
  if (!rels(feed.link).includes('self')) problems.push('feed lacks <link rel="self">');
  if (!rels(feed.link).includes('hub')) problems.push('feed lacks <link rel="hub">');
  const feedHasAuthor = Array.isArray(feed.author) && feed.author.length > 0;
  (feed.entry ?? []).forEach((entry: Record<string, unknown>, i: number) => {
    for (const el of ['id', 'title', 'updated']) if (entry[el] === undefined) problems.push(`entry ${i} lacks <${el}>`);
    if (!feedHasAuthor && !entry.author) problems.push(`entry ${i} lacks <author>`);
    if (entry.content === undefined && !rels(entry.link as never).includes('alternate')) problems.push(`entry ${i} lacks content or alternate link`);
  });
  return problems;
}

/**
 * SHA-256 (hex) of a file's bytes and, through `decoder` if given, of what they decode to, hashed as they stream; null
 * where the file cannot be read or decoded to its end.
 */
async function hashFile(path: string, decoder?: Transform): Promise<{ bytes: string | null; decoded: string | null }> {
  const raw = createHash('sha256');
  const out = createHash('sha256');
  const tap = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      raw.update(chunk);
      yield chunk;
    }
  };
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.update(chunk);
  };
  try {
    await (decoder ? pipeline(createReadStream(path), tap, decoder, sink) : pipeline(createReadStream(path), tap, sink));
  } catch {
    return { bytes: null, decoded: null };
  }
  const bytes = raw.digest('hex');
  return { bytes, decoded: decoder ? out.digest('hex') : bytes };
}

/**
 * A document's files against its entry — each file's bytes, and what each variant decodes to (decoded on the libuv
 * pool) — hashed as they stream, so that no file is held whole: the writer checks `reviews.json` of 100k reviews
 * (57 MB) beside the model step, and holding it three times over (read back, gunzipped, un-brotlied) raised the
 * build's peak. A variant's own bytes are compared too: brotli's decoder stops at the end of its stream, so bytes
 * added after it would otherwise pass.
 */
async function checkVariants(distDir: string, doc: ManifestDocument): Promise<string[]> {
  const [identity, gz, br] = await Promise.all([
    hashFile(join(distDir, doc.identity.file)),
    hashFile(join(distDir, doc.gzip.file), createGunzip()),
    hashFile(join(distDir, doc.br.file), createBrotliDecompress()),
  ]);
  const problems: string[] = [];
  if (identity.bytes !== doc.identity.sha256) problems.push('identity bytes differ from the manifest');
  if (gz.decoded !== doc.identity.sha256) problems.push('gzip variant does not decompress to the document');
  else if (gz.bytes !== doc.gzip.sha256) problems.push('gzip variant bytes differ from the manifest');
  if (br.decoded !== doc.identity.sha256) problems.push('brotli variant does not decompress to the document');
  else if (br.bytes !== doc.br.sha256) problems.push('brotli variant bytes differ from the manifest');
  return problems;
}

/** The problems of one document: its variants, then its content (`content`: already found, see checkDist; else read back). */
async function checkDocument(distDir: string, doc: ManifestDocument, content?: readonly string[]): Promise<string[]> {
  const at = (p: string) => `${doc.path}: ${p}`;
  const variants = checkVariants(distDir, doc);
  // A missing identity file is already one of the variants' problems: its content is not checked then.
  const identity = content ? null : await readFile(join(distDir, doc.identity.file)).catch(() => null);
  const problems = content ?? (identity && checkContent(doc, identity, doc.gzip.bytes)) ?? [];
  return [...(await variants).map(at), ...problems];
}

/** Schema problems reported per document, at most. */
const MAX_ISSUES = 20;

/**
 * The problems of a document's bytes — its schema, Atom's required elements, the widget script's rules — each
 * prefixed with its path. `gzipBytes` is the size of its gzip variant (the widget script has a budget); without
 * it, a widget script is not checked here (null is returned) and must be checked with its variant. `checked`: the reviews
 * whose exact text passed the review schema's check before (checked-reviews.ts), not checked again.
 */
export function checkContent(
  doc: Pick<ManifestDocument, 'path' | 'kind'>,
  body: Buffer,
  gzipBytes?: number,
  checked: CheckedReviews = CHECK_EVERY_REVIEW,
): string[] | null {
  const at = (p: string) => `${doc.path}: ${p}`;
  if (doc.kind === 'atom') return checkAtom(body.toString('utf8')).map(at);
  if (doc.kind === 'widget-script') return gzipBytes === undefined ? null : checkWidgetScript(body.toString('utf8'), gzipBytes).map(at);
  if (doc.kind === 'reviews' || doc.kind === 'since') {
    const problems = checkReviewsPiecewise(doc.kind === 'reviews' ? ReviewsDocumentSchema : SinceDocumentSchema, body, checked);
    if (problems) return problems.map(at);
  }
  const problems: string[] = [];
  const schema = SCHEMAS[doc.kind];
  const json: unknown = JSON.parse(body.toString('utf8'));
  if (doc.kind === 'openapi' && (json as { openapi?: string }).openapi !== '3.1.0') problems.push(at('openapi must be 3.1.0'));
  const result = schema?.safeParse(json);
  if (result && !result.success)
    problems.push(
      ...result.error.issues
        .slice(0, MAX_ISSUES)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .map(at),
    );
  return problems;
}

/**
 * A reviews document checked a review at a time (splitReviewsDocument): its head against the document's schema with
 * no reviews, then each review against the review schema. The same problems, with the same paths, as checking the
 * document whole, without holding every review's objects at once (reviews.json of 100k reviews: 370 MB less, and
 * faster). Null when the bytes are not laid out that way (the caller checks the document whole).
 */
function checkReviewsPiecewise(
  schema: typeof ReviewsDocumentSchema | typeof SinceDocumentSchema,
  body: Buffer,
  checked: CheckedReviews,
): string[] | null {
  const split = splitReviewsDocument(body);
  if (split === null) return null;
  const review = schema.shape.reviews.element;
  const issues = (result: ReturnType<z.ZodType['safeParse']>, prefix: (string | number)[]) =>
    result.success ? [] : result.error.issues.map((i) => `${[...prefix, ...i.path].join('.')}: ${i.message}`);
  const problems = issues(schema.safeParse(split.head), []);
  for (let i = 0; i < split.layout.ends.length && problems.length < MAX_ISSUES; i++) {
    // Looked up by its bytes, decoded only to be checked: nearly every review of a rebuild was checked before.
    const bytes = reviewBytes(split.layout, i);
    if (checked.has(bytes)) continue;
    const found = issues(review.safeParse(JSON.parse(bytes.toString('utf8'))), ['reviews', i]);
    if (found.length === 0) checked.passed(bytes);
    problems.push(...found);
  }
  return problems.slice(0, MAX_ISSUES);
}

/** Documents checked at once: their decompression (libuv pool) overlaps the JSON parsing on the checking thread. */
const LANES = 3;

/**
 * Validates every document of a build against its schema; throws listing every mismatch (in manifest order).
 * `content` holds, by path, the content problems already found in the very bytes written (the document writer
 * checks a body's text from memory as it writes it: startDocumentWriter); those documents' files are then only
 * compared with the manifest and their variants decoded.
 */
export async function checkDist(
  distDir: string,
  manifest: Pick<BuildManifest, 'documents'>,
  content?: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  failOnProblems((await findProblems(distDir, manifest.documents, content)).flat());
}

/** checkDist's problems of some of a build's documents, one list per document, in their order (the document writer checks a batch at a time). */
export async function findProblems(
  distDir: string,
  documents: readonly ManifestDocument[],
  content?: ReadonlyMap<string, readonly string[]>,
): Promise<string[][]> {
  const found: string[][] = new Array(documents.length);
  let next = 0;
  const lane = async () => {
    while (next < documents.length) {
      const i = next++;
      const doc = documents[i]!;
      found[i] = await checkDocument(distDir, doc, content?.get(doc.path));
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return found;
}

/** Throws checkDist's error when there are problems. */
export function failOnProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw new Error(`dist check failed (${problems.length}):\n${problems.slice(0, 50).join('\n')}`);
}

/** CLI: `npm run check:dist` re-checks an existing dist/ against its manifest. */
if (import.meta.main) {
  const dist = process.argv[2] ?? process.env.DIST_DIR ?? 'dist';
  const manifest = JSON.parse(await readFile(join(dist, 'build-manifest.json'), 'utf8')) as BuildManifest;
  await checkDist(dist, manifest);
  console.log(`${dist}: ${manifest.documents.length} documents valid`);
}
