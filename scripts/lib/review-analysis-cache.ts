import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { featureFingerprint } from '../../core/insights/model/feature-fingerprint.ts';
import { absaModel } from '../../core/insights/model/absa-model.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import { hashFiles } from './hash-files.ts';
import { isOwnFolder } from './is-own-folder.ts';

/** Where builds on this machine keep their per-review analyses (SHINGLE_ANALYSIS_CACHE overrides, `off` disables). */
export function analysisCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.SHINGLE_ANALYSIS_CACHE ?? join(tmpdir(), 'shingle-analysis-cache');
  return dir === 'off' || dir === '' ? null : dir;
}

const root = resolve(import.meta.dirname, '../..');
/**
 * Version 4: the entries' keys and lengths ahead of their bytes, so a build looks for its few new reviews in a pack's
 * index and reads the pack only when one is there (3: key, length and bytes entry after entry, every pack read whole
 * to find nothing — 107 MB and 0.3 s of a +1 rebuild at 100k reviews; 2: with tokens; 1: V8-serialized full analyses).
 * Entries are encodeAnalysis's JSON text with topic phrases for tokens.
 */
const MAGIC = Buffer.from('SHINGLE-ANALYSES-4\n');
const KEY_BYTES = 32;
/** A pack's index entry: the key and the length of its bytes (u32). */
const INDEX_ENTRY_BYTES = KEY_BYTES + 4;
/** MAGIC, the SHA-256 of the rest, and the number of entries (u32). */
const HEAD_BYTES = MAGIC.length + KEY_BYTES + 4;
/** Entries per pack file: a pack is read whole, so this bounds the memory a read adds (~4 KB an entry). */
export const PACK_ENTRIES = 5_000;
/** Engine folders (an older engine, business or Node) not used for this long are removed. */
const KEEP_MS = 30 * 24 * 3600 * 1000;
/** A pack being written (`.pack-<id>.bin.<pid>.tmp`): one older than this was left by a build that was killed. */
const PARTIAL_PACK = /^\.pack-[0-9a-f]{16}\.bin\.\d+\.tmp$/;
const KEEP_PARTIAL_MS = 24 * 3600 * 1000;
/** Packs beyond this many, or holding more than twice the entries in use, are rewritten into fresh ones. */
const MAX_PACKS = 32;

/** Every source file of core/ (the engine and all it imports), hashed by path and content. */
function coreSourceHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|json)$/.test(entry.name))
        hash
          .update(`${relative(root, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  walk(join(root, 'core'));
  return hash.digest('hex');
}

/**
 * Files outside core/ that an analysis depends on: the word list the engine reads from node_modules (an
 * `npm update` that changes a valence must not serve readings made with the old one) and the codec that writes
 * the entries.
 */
export const ENGINE_FILES: readonly string[] = [
  createRequire(import.meta.url).resolve('vader-sentiment/src/vader_lexicon.js'),
  fileURLToPath(new URL('./analysis-codec.ts', import.meta.url)),
];

/**
 * What an analysis depends on besides the review: the engine (its feature fingerprint, the weights' version,
 * and — so a change to any rule that neither of those sees cannot serve old readings — every source file of
 * core/ and the files of ENGINE_FILES), the business configuration (catalog names, aspects), and the Node/V8
 * version that serialized it.
 */
export function engineKey(business: BusinessConfig, files: readonly string[] = ENGINE_FILES): string {
  return createHash('sha256')
    .update(
      `analysis 3|features ${featureFingerprint()}|weights ${absaModel().version}|core ${coreSourceHash()}|files ${hashFiles(files)}|v8 ${process.versions.v8}|`,
    )
    .update(JSON.stringify(business))
    .digest('hex');
}

export interface AnalysisStore {
  /**
   * Calls `take(key, bytes)` once for each key asked that is found (hex key, the encoded analysis), pack by pack,
   * so the caller decodes as it goes and never holds every pack's bytes at once; never throws (a bad pack is
   * skipped). Resolves to the number of entries found. A pack is read whole only when its index names a key asked.
   */
  load(wanted: ReadonlySet<string>, take: (key: string, bytes: Buffer) => void): Promise<number>;
  /** How many packs load has read whole so far (the others only by their index). */
  packsRead(): number;
  /** Adds entries as one more pack (temporary name, then rename). */
  add(entries: ReadonlyArray<[Buffer, Buffer]>): Promise<void>;
  /** After a build: rewrites the packs when over half of their bytes are no longer used (or there are too many), and removes old engines. */
  tidy(used: ReadonlySet<string>, now?: number): Promise<void>;
}

/** A pack: MAGIC, the SHA-256 of what follows, the number of entries, their index ([32-byte key][u32 length] …), their bytes. */
function encodePack(entries: ReadonlyArray<[Buffer, Buffer]>): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(entries.length);
  const index = Buffer.alloc(entries.length * INDEX_ENTRY_BYTES);
  entries.forEach(([key, bytes], i) => {
    key.copy(index, i * INDEX_ENTRY_BYTES);
    index.writeUInt32BE(bytes.length, i * INDEX_ENTRY_BYTES + KEY_BYTES);
  });
  const rest = Buffer.concat([count, index, ...entries.map(([, bytes]) => bytes)]);
  return Buffer.concat([MAGIC, createHash('sha256').update(rest).digest(), rest]);
}

/**
 * The keys a pack's index names (hex), read without the entries' bytes; null when the file is not a pack. Not checked:
 * a key found here only makes load read the pack whole (decodePack), and a damaged index costs analyses, never wrong ones.
 */
async function indexedKeys(path: string): Promise<string[] | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(HEAD_BYTES);
    if (size < HEAD_BYTES || (await file.read(head, 0, HEAD_BYTES, 0)).bytesRead < HEAD_BYTES || !head.subarray(0, MAGIC.length).equals(MAGIC))
      return null;
    const count = head.readUInt32BE(HEAD_BYTES - 4);
    if (count * INDEX_ENTRY_BYTES > size - HEAD_BYTES) return null;
    const index = Buffer.alloc(count * INDEX_ENTRY_BYTES);
    if ((await file.read(index, 0, index.length, HEAD_BYTES)).bytesRead < index.length) return null;
    return Array.from({ length: count }, (_, i) => index.toString('hex', i * INDEX_ENTRY_BYTES, i * INDEX_ENTRY_BYTES + KEY_BYTES));
  } finally {
    await file.close();
  }
}

/** The entries of a pack, or null when it is not one or not whole (truncated, altered). */
function decodePack(file: Buffer): [string, Buffer][] | null {
  if (file.length < HEAD_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const rest = file.subarray(MAGIC.length + KEY_BYTES);
  if (
    !createHash('sha256')
      .update(rest)
      .digest()
      .equals(file.subarray(MAGIC.length, MAGIC.length + KEY_BYTES))
  )
    return null;
  const count = rest.readUInt32BE(0);
  const index = 4;
  if (index + count * INDEX_ENTRY_BYTES > rest.length) return null;
  const out: [string, Buffer][] = [];
  let at = index + count * INDEX_ENTRY_BYTES;
  for (let i = 0; i < count; i++) {
    const entry = index + i * INDEX_ENTRY_BYTES;
    const length = rest.readUInt32BE(entry + KEY_BYTES);
    if (at + length > rest.length) return null;
    out.push([rest.toString('hex', entry, entry + KEY_BYTES), rest.subarray(at, at + length)]);
    at += length;
  }
  return at === rest.length ? out : null;
}

/**
 * The analyses of one engine (see engineKey) in `<dir>/<engine>/pack-*.bin`. Used only inside a folder that is
 * this user's and writable by no one else (as the compression cache): an analysis cannot be checked without
 * computing it again, so entries must come from this user's own builds; each pack also carries its SHA-256,
 * so a truncated or altered pack is ignored whole. Any error reads as "not cached": the cache never fails a build.
 */
export function createAnalysisStore(dir: string, engine: string): AnalysisStore {
  const folder = join(dir, engine);
  const packs = async () => (await readdir(folder).catch(() => [] as string[])).filter((n) => /^pack-[0-9a-f]{16}\.bin$/.test(n)).sort();
  const own = async () => (await isOwnFolder(dir)) && (await isOwnFolder(folder));
  const writePack = async (entries: ReadonlyArray<[Buffer, Buffer]>) => {
    const name = `pack-${randomBytes(8).toString('hex')}.bin`;
    const temp = join(folder, `.${name}.${process.pid}.tmp`);
    try {
      await writeFile(temp, encodePack(entries));
      await rename(temp, join(folder, name));
    } catch (e) {
      await rm(temp, { force: true }).catch(() => undefined); // a full disk: never leave half a pack behind
      throw e;
    }
  };
  // Entries seen by load and written by add: what tidy weighs against the entries in use.
  let held = 0;
  let added = 0;
  let readWhole = 0;
  return {
    packsRead: () => readWhole,
    async load(wanted, take) {
      const found = new Set<string>();
      if (wanted.size === 0) return 0; // every block of the insights kept: no pack is read
      try {
        if (!(await own())) return 0;
        const now = new Date();
        await utimes(folder, now, now).catch(() => undefined);
        for (const name of await packs()) {
          const path = join(folder, name);
          const keys = await indexedKeys(path).catch(() => null);
          held += keys?.length ?? 0;
          if (!keys?.some((key) => wanted.has(key) && !found.has(key))) continue; // a new review's analysis is in no pack
          readWhole++;
          const entries = decodePack(await readFile(path).catch(() => Buffer.alloc(0)));
          for (const [key, bytes] of entries ?? []) {
            if (!wanted.has(key) || found.has(key)) continue;
            found.add(key);
            take(key, bytes);
          }
        }
      } catch {
        // Unreadable folder: nothing (more) cached.
      }
      return found.size;
    },
    async add(entries) {
      if (entries.length === 0) return;
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        if (!(await own())) return;
        await writePack(entries);
        added += entries.length;
      } catch {
        // A full disk or a folder we may not write to: the next build analyses again.
      }
    },
    async tidy(used, now = Date.now()) {
      try {
        if (!(await own())) return;
        for (const name of await readdir(dir)) {
          if (name === engine || !/^[0-9a-f]{64}$/.test(name)) continue; // only ever our own folders
          const { mtimeMs } = await stat(join(dir, name)).catch(() => ({ mtimeMs: now }));
          if (now - mtimeMs > KEEP_MS) await rm(join(dir, name), { recursive: true, force: true });
        }
        // A pack a killed build left half-written (the build removes its own on a failed write).
        for (const name of await readdir(folder).catch(() => [] as string[])) {
          if (!PARTIAL_PACK.test(name)) continue;
          const { mtimeMs } = await stat(join(folder, name)).catch(() => ({ mtimeMs: now }));
          if (now - mtimeMs > KEEP_PARTIAL_MS) await rm(join(folder, name), { force: true });
        }
        const names = await packs();
        // Rewritten when over half of the entries are no longer used (reviews edited or removed, an older
        // engine's) or there are too many packs (one more each night): read one pack at a time, keep what is used.
        const entriesOf = async (name: string) => decodePack(await readFile(join(folder, name)).catch(() => Buffer.alloc(0))) ?? [];
        if (names.length <= MAX_PACKS && held + added <= 2 * used.size) return;
        let batch: [Buffer, Buffer][] = [];
        const kept = new Set<string>();
        for (const name of names) {
          for (const [key, bytes] of await entriesOf(name)) {
            if (!used.has(key) || kept.has(key)) continue;
            kept.add(key);
            batch.push([Buffer.from(key, 'hex'), Buffer.from(bytes)]);
            if (batch.length >= PACK_ENTRIES) {
              await writePack(batch);
              batch = [];
            }
          }
        }
        if (batch.length) await writePack(batch);
        for (const name of names) await rm(join(folder, name), { force: true });
      } catch {
        // Another build tidying at the same time, or a folder we may not write to.
      }
    },
  };
}
