import type { BuildManifest, ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import type { InsightsDocument } from '../../core/schemas/insights-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import type { FindEngine } from '../../core/find/create-find-engine.ts';
import type { SearchEngine } from '../../core/search/search-engine.ts';
import type { ReviewsLayout } from '../../core/feeds/reviews-layout.ts';

/** One encoding of a document, bytes in memory with their precomputed validator. */
export interface EncodedBody {
  bytes: Buffer;
  etag: string;
}

/** A data document ready to serve: bytes per encoding, headers precomputed once per build. */
export interface ServedDocument {
  path: string;
  kind: ManifestDocument['kind'];
  contentType: string;
  lastModified: string | null;
  identity: EncodedBody;
  gzip: EncodedBody;
  br: EncodedBody;
}

/**
 * Everything one build of dist/ provides, loaded and checked as a unit. Requests read one
 * snapshot from start to end, so a hot reload never mixes two builds.
 */
export interface Snapshot {
  distDir: string;
  manifest: BuildManifest;
  /** Data documents by URL path (/reviews.json, /feed.xml, /api/reviews/since/2026-11-01, …). */
  documents: ReadonlyMap<string, ServedDocument>;
  reviewsDocument: ReviewsDocument;
  /** Where each review sits in reviews.json's bytes (null when the file's layout was not the build's): since bodies slice it. */
  reviewsLayout: ReviewsLayout | null;
  insights: InsightsDocument;
  reviewsById: ReadonlyMap<string, Review>;
  search: SearchEngine;
  /** Ranked search (GET /api/reviews/find, find_reviews), built with the snapshot, never on a request. */
  find: FindEngine;
}

/** Holds the current snapshot and tells listeners when a new build has been swapped in. */
export interface SnapshotSource {
  current(): Snapshot;
  /** Called after each swap with the new and the previous snapshot; returns an unsubscribe function. */
  onChange(listener: (next: Snapshot, previous: Snapshot) => void): () => void;
}
