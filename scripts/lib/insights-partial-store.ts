import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { InsightsPartial } from '../../core/insights/insights-partial.ts';
import { isOwnFolder } from './is-own-folder.ts';
import { removeLeftTemps, writeFileAtomic } from './write-file-atomic.ts';

/** Version 1: MAGIC, the SHA-256 of the body, the body (the partial, V8-serialized: the engine key names the V8 version). */
const MAGIC = Buffer.from('SHINGLE-INSIGHTS-PARTIAL-1\n');
const DIGEST_BYTES = 32;
const ENTRY = /^[0-9a-f]{64}\.bin$/;
/** An entry being written (`.<key>.bin.<pid>.<random>.tmp`): one older than this was left by a build that was killed. */
const PARTIAL_ENTRY = /^\.[0-9a-f]{64}\.bin\.\d+\.[0-9a-f]{8}\.tmp$/;
const KEEP_PARTIAL_MS = 24 * 3600 * 1000;
/**
 * Entries this build did not use that are kept, newest first: another content folder built with the same engine (the
 * bench's sizes share one business) keeps most of its blocks.
 */
const KEEP_UNUSED = 128;

/**
 * The key of a block's partial: the engine key (every source file of core/, the model, the business, the V8 version:
 * review-analysis-cache.ts) and the digests of the block's reviews as published, in the published order.
 */
export function partialKey(engine: string, digests: readonly string[]): string {
  // One string per block: 100k small updates cost a tenth of a second.
  return createHash('sha256')
    .update(`insights partial 1|${engine}|${digests.join('\n')}\n`)
    .digest('hex');
}

export interface PartialStore {
  /** The partial stored under `key`, or null (none, unreadable, altered); never throws. */
  load(key: string): Promise<InsightsPartial | null>;
  /** Stores `partial` under `key` (temporary name, then rename); never throws. */
  save(key: string, partial: InsightsPartial): Promise<void>;
  /** After a build: removes the entries beyond KEEP_UNUSED that it did not use, oldest first, and killed builds' leftovers. */
  tidy(used: ReadonlySet<string>, now?: number): Promise<void>;
  /**
   * The reviews (their digests, in the block's published order) the partial saved last for block `block` covers, and its
   * key; null when there is none, or when the key is not the one those digests make with this engine (`partialKey`), so
   * a partial is never taken for reviews it does not hold. Never throws.
   */
  lastOf(block: number): Promise<{ key: string; digests: string[] } | null>;
  /** Records that block `block`'s partial is now the one under `key`, over `digests`; never throws. */
  remember(block: number, key: string, digests: readonly string[]): Promise<void>;
}

/**
 * The insights' block partials of one engine, in `<dir>/<engine>/partials/<key>.bin`. Trusted only inside a folder that
 * is this user's and writable by no one else (as the analyses beside it: a partial cannot be checked without computing
 * it again), and each entry carries the SHA-256 of its body, so a truncated or altered one is read as missing. Any
 * error reads as "not stored": the store never fails a build.
 */
export function createPartialStore(dir: string, engine: string): PartialStore {
  const folder = join(dir, engine, 'partials');
  const indexOf = (block: number) => join(folder, `block-${block}.json`);
  const own = async () => (await isOwnFolder(dir)) && (await isOwnFolder(join(dir, engine))) && (await isOwnFolder(folder));
  let trusted: Promise<boolean> | null = null;
  const isTrusted = () => (trusted ??= own().catch(() => false));
  return {
    async load(key) {
      try {
        if (!/^[0-9a-f]{64}$/.test(key) || !(await isTrusted())) return null;
        const path = join(folder, `${key}.bin`);
        const file = await readFile(path);
        if (file.length < MAGIC.length + DIGEST_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return null;
        const body = file.subarray(MAGIC.length + DIGEST_BYTES);
        const digest = createHash('sha256').update(body).digest();
        if (!digest.equals(file.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES))) return null;
        const now = new Date();
        await utimes(path, now, now).catch(() => undefined); // used: kept by tidy the longest
        return deserialize(body) as InsightsPartial;
      } catch {
        return null;
      }
    },
    async save(key, partial) {
      if (!/^[0-9a-f]{64}$/.test(key)) return;
      const name = `${key}.bin`;
      const temp = join(folder, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        trusted = null; // the folder may have just been made
        if (!(await isTrusted())) return;
        const body = serialize(partial);
        await writeFile(temp, Buffer.concat([MAGIC, createHash('sha256').update(body).digest(), body]));
        await rename(temp, join(folder, name));
      } catch {
        await rm(temp, { force: true }).catch(() => undefined); // a full disk: the next build reads the block again
      }
    },
    async lastOf(block) {
      try {
        if (!Number.isInteger(block) || !(await isTrusted())) return null;
        const last = JSON.parse(await readFile(indexOf(block), 'utf8')) as { key?: unknown; digests?: unknown };
        const { key, digests } = last;
        if (typeof key !== 'string' || !Array.isArray(digests) || !digests.every((d) => typeof d === 'string')) return null;
        return partialKey(engine, digests) === key ? { key, digests } : null;
      } catch {
        return null;
      }
    },
    async remember(block, key, digests) {
      try {
        if (!Number.isInteger(block) || !(await isTrusted())) return;
        writeFileAtomic(indexOf(block), JSON.stringify({ key, digests }), { mode: 0o600 });
        removeLeftTemps(indexOf(block));
      } catch {
        // A full disk: the next build reads the block whole.
      }
    },
    async tidy(used, now = Date.now()) {
      try {
        if (!(await isTrusted())) return;
        const names = await readdir(folder);
        const unused: { name: string; mtimeMs: number }[] = [];
        for (const name of names) {
          const mtimeMs = (await stat(join(folder, name)).catch(() => null))?.mtimeMs ?? now;
          if (PARTIAL_ENTRY.test(name) && now - mtimeMs > KEEP_PARTIAL_MS) await rm(join(folder, name), { force: true });
          else if (ENTRY.test(name) && !used.has(name.slice(0, -'.bin'.length))) unused.push({ name, mtimeMs });
        }
        unused.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : 1));
        for (const { name } of unused.slice(KEEP_UNUSED)) await rm(join(folder, name), { force: true });
      } catch {
        // Another build tidying at the same time, or a folder we may not write to.
      }
    },
  };
}
