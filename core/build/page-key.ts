import { createHash } from 'node:crypto';

/**
 * The key of one rendered page: the code that renders it (`codeHash`, see `computeCodeHash`), its path, and
 * everything the page reads (`inputs`, JSON-serialisable). Two builds that give a page the same key write the
 * same bytes, so a rebuild may take the page from the previous build instead of rendering it again (page
 * reuse, scripts/lib/page-reuse-plan.ts). `inputs` must hold every value the page's markup depends on.
 */
export function pageKey(codeHash: string, path: string, inputs: unknown): string {
  return createHash('sha256').update(codeHash).update('\0').update(path).update('\0').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
}
