import type { Snapshot } from '../../data/snapshot.ts';

/**
 * A short fingerprint of the review data of a build: the hash of /reviews.json when the manifest lists
 * it, else the build's inputs hash. Cursors carry it so that a page is never read against other data.
 */
export function snapshotDataVersion(snapshot: Snapshot): string {
  const reviews = snapshot.manifest.documents.find((d) => d.kind === 'reviews');
  return (reviews?.identity.sha256 ?? snapshot.manifest.inputsHash).slice(0, 16);
}
