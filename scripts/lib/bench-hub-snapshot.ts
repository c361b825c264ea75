import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSnapshot } from '../../sidecar/data/load-snapshot.ts';
import type { Snapshot } from '../../sidecar/data/snapshot.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The build the hub benchmark publishes from: DIST_DIR, dist/ or the test build, else a fresh one. */
export async function currentSnapshot(): Promise<Snapshot> {
  for (const dir of [process.env.DIST_DIR, join(ROOT, 'dist'), join(ROOT, '.tmp', 'test-dist')]) {
    if (dir && existsSync(join(dir, 'build-manifest.json'))) return loadSnapshot(resolve(ROOT, dir));
  }
  const { buildSite } = await import('../build.ts');
  const dir = mkdtempSync(join(tmpdir(), 'bench-hub-dist-'));
  await buildSite(dir);
  return loadSnapshot(dir);
}

/** The same build with a changed Atom feed (an XML comment after the root element): what a rebuild would publish. */
export function withChangedFeed(snapshot: Snapshot, tag: string): Snapshot {
  const documents = new Map(snapshot.documents);
  const doc = documents.get('/feed.xml')!;
  const bytes = Buffer.concat([doc.identity.bytes, Buffer.from(`<!-- bench ${tag} -->\n`)]);
  documents.set('/feed.xml', { ...doc, identity: { bytes, etag: `"bench-${tag}"` } });
  return { ...snapshot, documents };
}
