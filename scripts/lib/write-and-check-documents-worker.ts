/**
 * Worker thread of startDocumentWriter: writes each batch of documents it is handed (writeDocuments, compressing on
 * this thread and checking each document's text once its variants are made), then checks the batch's files
 * (findProblems: compared with their entries, variants decoded). Once told there are no more, posts back the manifest
 * entries and each one's problems in the order handed over, with the time of the writing and of the checks. A batch
 * that cannot be written is reported at once (with the problems found before it), and nothing more is written.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import { checkContent, findProblems } from './check-dist.ts';
import { writeDocuments, type DocumentToWrite } from './write-documents.ts';
import { CHECK_EVERY_REVIEW, loadCheckedReviews, type CheckedReviews } from './checked-reviews.ts';
import { loadGzipPieces, type GzipPieces } from './chunked-gzip.ts';
import { compressionCacheDir } from './compression-cache.ts';

/** `checked`: the folder of the reviews checked by earlier builds (checked-reviews.ts), given with the first batch. */
export type WriterMessage = { docs: DocumentToWrite[]; checked?: string } | { end: true };
export type WriterAnswer =
  | { documents: ManifestDocument[]; problems: string[][]; writeMs: number; checkMs: number }
  | { error: string; problems: string[][] };

const { dir } = workerData as { dir: string };
const port = parentPort!;
const documents: ManifestDocument[] = [];
const content = new Map<string, string[]>();
const problems: string[][] = [];
let writeMs = 0;
let checkMs = 0;
// One batch after the other: the entries keep the order the batches came in.
let queue: Promise<void> = Promise.resolve();
let answered = false;
let checkedReviews: Promise<CheckedReviews> = Promise.resolve(CHECK_EVERY_REVIEW);
// The gzip pieces of the last build's documents (chunked-gzip.ts), where the machine keeps compressed variants.
const piecesDir = compressionCacheDir();
const gzipPieces: Promise<GzipPieces | undefined> = piecesDir === null ? Promise.resolve(undefined) : loadGzipPieces(piecesDir);

/** Posts the one answer; nothing more is taken after it, so the thread may end. */
const answer = (message: WriterAnswer) => {
  if (answered) return;
  answered = true;
  port.off('message', onMessage);
  port.postMessage(message);
};

async function writeBatch(docs: DocumentToWrite[]): Promise<void> {
  const started = performance.now();
  const checked = await checkedReviews;
  const entries = await writeDocuments(dir, docs, {
    on: 'thread',
    pieces: await gzipPieces,
    inspect: (doc, body) => {
      // null: a widget script, whose check needs its gzip size; findProblems checks it in full
      const found = checkContent(doc, body, undefined, checked);
      if (found) content.set(doc.path, found);
    },
  });
  documents.push(...entries);
  const checking = performance.now();
  writeMs += checking - started;
  problems.push(...(await findProblems(dir, entries, content)));
  checkMs += performance.now() - checking;
}

function onMessage(message: WriterMessage): void {
  if ('docs' in message) {
    if (message.checked) checkedReviews = loadCheckedReviews(message.checked);
    // A failed batch answers at once, and the batches after it do not run (the chain stays rejected).
    queue = queue.then(() => writeBatch(message.docs));
    queue.catch((e: unknown) => answer({ error: e instanceof Error ? e.message : String(e), problems }));
    return;
  }
  // What this build found valid is kept for the next (before answering: the thread may be ended once it has).
  queue = queue.then(async () => {
    await (await checkedReviews).save();
    await (await gzipPieces)?.save();
  });
  queue.then(
    () => answer({ documents, problems, writeMs: Math.round(writeMs), checkMs: Math.round(checkMs) }),
    () => undefined, // answered by the batch that failed
  );
}
port.on('message', onMessage);
