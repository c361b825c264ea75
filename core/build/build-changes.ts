import { z } from 'zod';

/**
 * `<dist>.changes.json`, written beside dist/ by every build (never inside it: dist/ stays byte-identical
 * for the same content, whatever was built before). Every file of the new build that is not byte-identical
 * to the previous live build's, as paths relative to dist/ with every encoding counted (`x.html`,
 * `x.html.gz` and `x.html.br` are three files): a deploy uploads `added` and `changed` and deletes
 * `removed`, instead of the whole folder.
 */
export const BuildChangesSchema = z
  .object({
    version: z.literal(1),
    /** False when there was no previous build to compare with: then every file is in `added`. */
    hadPrevious: z.boolean(),
    added: z.array(z.string()),
    changed: z.array(z.string()),
    removed: z.array(z.string()),
    /** Files of the new build byte-identical to the previous build's. */
    unchanged: z.int().min(0),
  })
  .strict();
export type BuildChanges = z.infer<typeof BuildChangesSchema>;

/** The version of {@link BuildChangesSchema} this code writes. */
export const BUILD_CHANGES_VERSION = 1;

/**
 * Compares two builds given as `relative path → content hash` (null for no previous build). Paths come
 * out sorted, so the same two builds always give the same report.
 */
export function diffBuilds(previous: ReadonlyMap<string, string> | null, current: ReadonlyMap<string, string>): BuildChanges {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  let unchanged = 0;
  for (const [path, hash] of current) {
    const before = previous?.get(path);
    if (before === undefined) added.push(path);
    else if (before !== hash) changed.push(path);
    else unchanged++;
  }
  if (previous) for (const path of previous.keys()) if (!current.has(path)) removed.push(path);
  const sorted = (list: string[]) => list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    version: BUILD_CHANGES_VERSION,
    hadPrevious: previous !== null,
    added: sorted(added),
    changed: sorted(changed),
    removed: sorted(removed),
    unchanged,
  };
}

/** Number of files a deploy must upload or delete. */
export function changedFileCount(changes: BuildChanges): number {
  return changes.added.length + changes.changed.length + changes.removed.length;
}
