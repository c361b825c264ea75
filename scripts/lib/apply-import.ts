import { resolve } from 'node:path';
import { parseContent } from '../../core/content/parse-content.ts';
import type { ImportedReview } from '../../core/import/imported-review.ts';
import { planImport, type ImportReport } from '../../core/import/plan-import.ts';
import type { ContentFiles } from '../../site/lib/read-content-dir.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

/**
 * Merges mapped reviews into a content folder already read: plans the import (idempotent, owner's fields
 * kept), checks the merged folder as the build will before a single byte is written, then writes each
 * changed file through a temporary name and a rename. Throws ContentError, writing nothing, on bad input.
 * `extra` files (the pull state) are written after the reviews, so a crash in between only re-reads.
 */
export function applyImport(
  content: ContentFiles,
  reviews: readonly ImportedReview[],
  importedOn: string,
  extra: { path: string; text: string }[] = [],
): { report: ImportReport; written: string[] } {
  const plan = planImport(content.reviews, reviews, { reviewsDir: content.reviewsDir, importedOn });
  if (plan.files.length > 0) {
    const merged = new Map(content.reviews.map((f) => [f.path, f]));
    for (const f of plan.files) merged.set(f.path, f);
    parseContent(content.business, [...merged.values()]);
  }
  for (const f of plan.files) writeFileAtomic(resolve(f.path), f.text);
  for (const f of extra) writeFileAtomic(f.path, f.text);
  return { report: plan.report, written: [...plan.files.map((f) => f.path), ...extra.map((f) => f.path)] };
}
