import type { BuildManifest } from '../../../core/build/build-manifest-schema.ts';
import { renderReviewsDocument } from '../../../core/feeds/render-reviews-document.ts';
import { createFindEngine } from '../../../core/find/create-find-engine.ts';
import type { SiteModel } from '../../../core/model/build-site-model.ts';
import { createSearchEngine } from '../../../core/search/create-search-engine.ts';
import type { Snapshot } from '../../../sidecar/data/snapshot.ts';

/**
 * A Snapshot as the sidecar's loader would give, built from a site model in memory (no dist/): the
 * real search and find engines, a manifest with no documents. `inputsHash` names the data (the MCP
 * cursors and ETags carry it).
 */
export function inMemorySnapshot(model: SiteModel, baseUrl: string, inputsHash: string, distDir = '(in memory)'): Snapshot {
  const manifest: BuildManifest = {
    version: 1,
    baseUrl,
    inputsHash,
    reviewCount: model.reviews.length,
    heldBack: model.heldBack.length,
    updated: model.updated,
    sinceWindow: null,
    documents: [],
  };
  return {
    distDir,
    manifest,
    documents: new Map(),
    reviewsDocument: renderReviewsDocument(model),
    reviewsLayout: null,
    insights: model.insights,
    reviewsById: new Map(model.reviews.map((r) => [r.id, r])),
    search: createSearchEngine(model.reviews, model.business),
    find: createFindEngine(model.reviews, model.business),
  };
}
