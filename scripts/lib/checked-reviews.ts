import { createHash, hash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashFiles } from './hash-files.ts';
import { isOwnFolder } from './is-own-folder.ts';
import { removeLeftTemps, writeFileAtomic } from './write-file-atomic.ts';

/**
 * The reviews, as JSON text, that an earlier build's writer checked against the review schema and found valid
 * (check-dist.ts, checkReviewsPiecewise): a new review changes one of 100,000 in `reviews.json`, and checking all of them
 * again took the document writer a second. Kept by the SHA-256 of each review's exact text, in the engine's folder of
 * the analysis cache (its key names every source file of core/, where the schemas are) under a header that names the
 * checking code and zod's version: a text is taken as checked only when the same bytes passed the same check.
 */
export interface CheckedReviews {
  /**
   * Whether this exact review text (a string, or its UTF-8 bytes: the same digest) passed the check in an earlier build
   * or earlier in this one; one that passes now is remembered (`passed`).
   */
  has(text: string | Uint8Array): boolean;
  passed(text: string | Uint8Array): void;
  /** Keeps what this build found valid, and only that (the next build checks anything else). */
  save(): Promise<void>;
}

const MAGIC = Buffer.from('SHINGLE-CHECKED-REVIEWS-1\n');
const DIGEST_BYTES = 32;
const FILE = 'checked-reviews.bin';

/** The code whose verdict is kept: the checker, the layout it splits by, and zod (the schemas are in core/: the engine key). */
function checkerKey(): Buffer {
  const zod = createRequire(import.meta.url).resolve('zod/package.json');
  const files = [fileURLToPath(new URL('./check-dist.ts', import.meta.url)), zod];
  return createHash('sha256')
    .update(`checked reviews 1|${hashFiles(files)}`)
    .digest();
}

/** SHA-256 of a review's text, from its UTF-8 bytes as they are (the checker hands a slice of the document: not decoded). */
const digest = (text: string | Uint8Array) => hash('sha256', text, 'base64');

/** No memory: every review is checked (no cache folder, or the folder is not this user's own). */
export const CHECK_EVERY_REVIEW: CheckedReviews = { has: () => false, passed: () => undefined, save: async () => undefined };

/** The checked reviews kept in `folder` (the engine's folder of the analysis cache); never throws. */
export async function loadCheckedReviews(folder: string): Promise<CheckedReviews> {
  const path = join(folder, FILE);
  const key = checkerKey();
  const before = new Set<string>();
  const now = new Set<string>();
  try {
    if ((await isOwnFolder(dirname(folder))) && (await isOwnFolder(folder))) {
      const file = await readFile(path);
      const head = MAGIC.length + 2 * DIGEST_BYTES;
      const body = file.subarray(head);
      const whole = file.length >= head && file.subarray(0, MAGIC.length).equals(MAGIC) && body.length % DIGEST_BYTES === 0;
      const sum = file.subarray(MAGIC.length + DIGEST_BYTES, head);
      if (whole && file.subarray(MAGIC.length, MAGIC.length + DIGEST_BYTES).equals(key) && createHash('sha256').update(body).digest().equals(sum))
        for (let at = 0; at < body.length; at += DIGEST_BYTES) before.add(body.toString('base64', at, at + DIGEST_BYTES));
    }
  } catch {
    // None kept yet, or unreadable: every review is checked.
  }
  // The text has() last hashed: passed() follows it with the same text (a review is hashed once).
  let last: { text: string | Uint8Array; digest: string } | null = null;
  const digestOf = (text: string | Uint8Array) => (last?.text === text ? last.digest : (last = { text, digest: digest(text) }).digest);
  return {
    has(text) {
      const d = digestOf(text);
      // A text this build found valid already (a since file repeats the reviews of reviews.json) counts too.
      if (!before.has(d) && !now.has(d)) return false;
      now.add(d);
      return true;
    },
    passed(text) {
      now.add(digestOf(text));
    },
    async save() {
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        if (!(await isOwnFolder(dirname(folder))) || !(await isOwnFolder(folder))) return;
        const body = Buffer.concat([...now].map((d) => Buffer.from(d, 'base64')));
        writeFileAtomic(path, Buffer.concat([MAGIC, key, createHash('sha256').update(body).digest(), body]), { mode: 0o600 });
        removeLeftTemps(path);
      } catch {
        // A full disk or a folder we may not write to: the next build checks every review.
      }
    },
  };
}
