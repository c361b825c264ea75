import type { SiteModel } from '../model/build-site-model.ts';
import type { BuildManifest, ManifestDocument } from './build-manifest-schema.ts';
import { sinceWindow } from './render-documents.ts';

/**
 * The build manifest of a model's documents: the one assembly used by `npm run build` and by the
 * test fixtures' in-process builds, so both describe a build the same way. `contentDir` is the content
 * folder relative to the project (projectContentDir), so the same build made elsewhere is the same bytes.
 */
export function assembleManifest(
  model: SiteModel,
  windowDays: number,
  inputsHash: string,
  documents: ManifestDocument[],
  contentDir?: string,
): BuildManifest {
  const window = sinceWindow(model, windowDays);
  return {
    version: 1,
    baseUrl: model.baseUrl,
    inputsHash,
    ...(contentDir !== undefined && { contentDir }),
    reviewCount: model.reviews.length,
    heldBack: model.heldBack.length,
    updated: model.updated,
    sinceWindow: window.length > 0 ? { from: window[0]!, to: window.at(-1)! } : null,
    documents,
  };
}
