import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, resolve } from 'node:path';
import { BUILD_MANIFEST_FILE, BuildManifestSchema, type ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import { buildFindEngineSteps, type FindEngine } from '../../core/find/create-find-engine.ts';
import type { Business } from '../../core/schemas/business-schema.ts';
import { createSearchEngine } from '../../core/search/create-search-engine.ts';
import type { InsightsDocument } from '../../core/schemas/insights-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import { parseReviewsDocument } from './parse-reviews-document.ts';
import type { EncodedBody, ServedDocument, Snapshot } from './snapshot.ts';

/** A dist/ that cannot be loaded (missing, mid-swap, or corrupt); the message names the file. */
export class SnapshotLoadError extends Error {
  override name = 'SnapshotLoadError';
}

/**
 * Loads one build of dist/ into memory through its manifest: every data document in its three
 * encodings, each checked against the sha256 and size the build recorded (so a dist/ swapped while
 * it is being read, or edited by hand, is refused rather than served half old, half new), then
 * parses reviews.json and insights.json and builds the search engine.
 */
export async function loadSnapshot(distDir: string): Promise<Snapshot> {
  // dist/ is a link to the newest build folder: resolve it once, so this snapshot reads (and later
  // serves pages from) one build folder that a rebuild never renames.
  const dir = await realpath(resolve(distDir)).catch(() => resolve(distDir));
  const manifestText = await readText(join(dir, BUILD_MANIFEST_FILE));
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch {
    throw new SnapshotLoadError(`${BUILD_MANIFEST_FILE}: not JSON`);
  }
  const parsed = BuildManifestSchema.safeParse(json);
  if (!parsed.success) throw new SnapshotLoadError(`${BUILD_MANIFEST_FILE}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const manifest = parsed.data;

  const documents = new Map<string, ServedDocument>();
  for (const doc of manifest.documents) documents.set(doc.path, await loadDocument(dir, doc));

  const reviewsDoc = [...documents.values()].find((d) => d.kind === 'reviews');
  if (!reviewsDoc) throw new SnapshotLoadError('manifest lists no reviews document');
  let parsedReviews: ReturnType<typeof parseReviewsDocument>;
  try {
    parsedReviews = parseReviewsDocument(reviewsDoc.identity.bytes);
  } catch {
    throw new SnapshotLoadError(`${reviewsDoc.path}: not JSON`);
  }
  const reviewsDocument = parsedReviews.document;
  if (!Array.isArray(reviewsDocument.reviews) || !reviewsDocument.business) throw new SnapshotLoadError('reviews.json: not a reviews document');
  const insights = parseDocument<InsightsDocument>(documents, 'insights');
  const reviewsById = new Map<string, Review>(reviewsDocument.reviews.map((r) => [r.id, r]));
  const search = createSearchEngine(reviewsDocument.reviews, reviewsDocument.business);
  const find = await buildFindEngine(reviewsDocument.reviews, reviewsDocument.business);
  return { distDir: dir, manifest, documents, reviewsDocument, reviewsLayout: parsedReviews.layout, insights, reviewsById, search, find };
}

/**
 * The ranked-search index, built a chunk of reviews at a time with a turn of the event loop between
 * chunks: on a hot reload the sidecar keeps answering (from the previous snapshot) while it builds.
 */
async function buildFindEngine(reviews: readonly Review[], business: Business): Promise<FindEngine> {
  const steps = buildFindEngineSteps(reviews, business);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

async function loadDocument(dir: string, doc: ManifestDocument): Promise<ServedDocument> {
  const [identity, gzip, br] = await Promise.all([loadEncoded(dir, doc.identity), loadEncoded(dir, doc.gzip), loadEncoded(dir, doc.br)]);
  return { path: doc.path, kind: doc.kind, contentType: doc.contentType, lastModified: doc.lastModified, identity, gzip, br };
}

async function loadEncoded(dir: string, entry: ManifestDocument['identity']): Promise<EncodedBody> {
  const path = insideDir(dir, entry.file);
  const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new SnapshotLoadError(`${entry.file}: ${e.code ?? e.message}`);
  });
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length !== entry.bytes || sha !== entry.sha256) {
    throw new SnapshotLoadError(`${entry.file}: does not match the manifest (expected ${entry.bytes} bytes, sha256 ${entry.sha256.slice(0, 12)}…)`);
  }
  return { bytes, etag: entry.etag };
}

/** Resolves a manifest file name inside dist/, refusing anything that would leave it. */
function insideDir(dir: string, file: string): string {
  const path = resolve(dir, normalize(file));
  const rel = relative(dir, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new SnapshotLoadError(`${file}: outside dist/`);
  return path;
}

function parseDocument<T>(documents: Map<string, ServedDocument>, kind: ManifestDocument['kind']): T {
  const doc = [...documents.values()].find((d) => d.kind === kind);
  if (!doc) throw new SnapshotLoadError(`manifest lists no ${kind} document`);
  try {
    return JSON.parse(doc.identity.bytes.toString('utf8')) as T;
  } catch {
    throw new SnapshotLoadError(`${doc.path}: not JSON`);
  }
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new SnapshotLoadError(`${BUILD_MANIFEST_FILE}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
}
