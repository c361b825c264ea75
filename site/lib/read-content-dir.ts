import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ContentError } from '../../core/content/content-error.ts';
import { parseContent, type ParsedContent } from '../../core/content/parse-content.ts';

/** The content folder in effect: CONTENT_DIR, or content/ beside the project root. */
export function contentDirFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string {
  return resolve(root, env.CONTENT_DIR ?? 'content');
}

/** Lists content/reviews/*.jsonl in name order (order only affects where errors are reported). */
export function listReviewFiles(dir: string): string[] {
  const reviewsDir = join(dir, 'reviews');
  let names: string[];
  try {
    names = readdirSync(reviewsDir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .map((n) => join(reviewsDir, n));
}

/** Reads and validates a content folder. The only place that reads content from disk. */
export function readContentDir(dir: string): ParsedContent {
  const shown = (p: string) => relative(process.cwd(), p) || p;
  const businessPath = join(dir, 'business.json');
  let businessText: string;
  try {
    businessText = readFileSync(businessPath, 'utf8');
  } catch {
    throw new ContentError([{ file: shown(businessPath), message: 'missing: every content folder needs a business.json' }]);
  }
  const reviewFiles = listReviewFiles(dir).map((p) => ({ path: shown(p), text: readFileSync(p, 'utf8') }));
  return parseContent({ path: shown(businessPath), text: businessText }, reviewFiles);
}
