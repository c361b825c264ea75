/**
 * The home page's topic-link counts (site/lib/topic-links.ts: how many reviews each of its phrases' links finds), kept per
 * block of reviews (core/insights/insights-blocks.ts) between builds. Counting 16 phrases in every review's folded text
 * was 0.12 s of every build at 100k reviews; a nightly rebuild now counts in the one block a new review joined and sums
 * the other 31 blocks' kept counts.
 *
 * One file in the analysis cache's engine folder, `topic-counts.json`: a head line naming the format and a hash of
 * topic-links.ts (the counting; foldText is in core/, which the engine folder's key covers), the body — each block's
 * counts by phrase, under the block's partial key (the digests of its reviews as published, so their text) — and the
 * body's SHA-256. Rewritten whole by the build that changes it (temporary name, then rename); a file that does not match
 * (another format or counting code, altered, cut short, not this user's folder) reads as empty.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Review } from '../../core/schemas/review-schema.ts';
import { countTopicPhrases } from '../../site/lib/topic-links.ts';
import { hashFiles } from './hash-files.ts';
import { isOwnFolder } from './is-own-folder.ts';
import { writeFileAtomic } from './write-file-atomic.ts';

const MAGIC = 'SHINGLE-TOPIC-COUNTS-1';
const FILE = 'topic-counts.json';
const COUNTING_CODE = new URL('../../site/lib/topic-links.ts', import.meta.url);

/** Counts by phrase, per block key. */
type Kept = Record<string, Record<string, number>>;

/**
 * The count of every phrase over all `reviews`, summed from the blocks (`blocks`: review indexes, `blockKeys`: each
 * block's partial key): kept counts taken, the rest counted in their block's reviews; the file rewritten when anything
 * was counted. `engineFolder`: the analysis cache's folder of this engine (null: no cache, every block counted).
 */
export async function topicCounts(
  engineFolder: string | null,
  reviews: readonly Review[],
  blocks: readonly (readonly number[])[],
  blockKeys: readonly string[],
  phrases: readonly string[],
): Promise<Map<string, number>> {
  const usable = engineFolder !== null && (await isOwnFolder(join(engineFolder, '..'))) && (await isOwnFolder(engineFolder));
  const code = hashFiles([COUNTING_CODE]);
  const kept = usable ? readKept(join(engineFolder, FILE), code) : {};
  const next: Kept = {};
  let counted = false;
  blocks.forEach((block, j) => {
    const had = kept[blockKeys[j]!] ?? {};
    const missing = phrases.filter((p) => !Object.hasOwn(had, p));
    const fresh =
      missing.length > 0
        ? countTopicPhrases(
            block.map((i) => reviews[i]!),
            missing,
          )
        : [];
    if (missing.length > 0) counted = true;
    next[blockKeys[j]!] = Object.fromEntries(phrases.map((p) => [p, Object.hasOwn(had, p) ? had[p]! : fresh[missing.indexOf(p)]!]));
  });
  if (usable && (counted || Object.keys(kept).length !== blocks.length)) writeKept(join(engineFolder, FILE), code, next);
  return new Map(phrases.map((p) => [p, blockKeys.reduce((sum, key) => sum + next[key]![p]!, 0)]));
}

/** The counts the file keeps for this counting code, or none. */
function readKept(path: string, code: string): Kept {
  try {
    const text = readFileSync(path, 'utf8');
    const head = `${MAGIC} ${code}\n`;
    const tail = text.lastIndexOf('\n');
    if (!text.startsWith(head) || tail < head.length) return {};
    const body = text.slice(head.length, tail);
    if (createHash('sha256').update(body).digest('hex') !== text.slice(tail + 1)) return {};
    const kept = JSON.parse(body) as unknown;
    return isKept(kept) ? kept : {};
  } catch {
    return {}; // none yet, or unreadable: every block is counted
  }
}

/** Whether `value` is counts by phrase per block key: whole numbers of reviews, none negative. */
function isKept(value: unknown): value is Kept {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return (
    isObject(value) && Object.values(value).every((c) => isObject(c) && Object.values(c).every((n) => Number.isSafeInteger(n) && (n as number) >= 0))
  );
}

/** Writes the counts (this user's alone); a full disk or a folder gone leaves the next build to count again. */
function writeKept(path: string, code: string, kept: Kept): void {
  const body = JSON.stringify(kept);
  try {
    writeFileAtomic(path, `${MAGIC} ${code}\n${body}\n${createHash('sha256').update(body).digest('hex')}`, { mode: 0o600 });
  } catch {
    // counted again next time
  }
}
