/**
 * The build's data documents, compressed, written and checked on a worker thread (write-and-check-documents-worker.ts).
 *
 * - Off the main thread: each document takes several steps on the thread that awaits it (cache lookup,
 *   compression, writes); while Astro rendered the pages on the main thread those steps waited for it, and the
 *   documents of a 100k-review +1 build took 3.9 s instead of about 2 s.
 * - Handed over in batches: the build hands over the reviews' documents as soon as the reviews are published
 *   (`reviews.json` of 100k reviews is 57 MB and takes seconds to compress and check) and `insights.json` once the
 *   insights are aggregated, so that work runs beside the rest of the model step.
 * - On its own thread: the writer compresses with zlib's synchronous calls, not on the libuv pool, where it took the
 *   core the model step runs on too. Each document's text is checked against its schema (checkContent) once its
 *   variants are made, from the bytes in memory instead of read back (`reviews.json` of 100k reviews is 57 MB, checked
 *   a review at a time); then each batch's files are compared with their manifest entries and their variants decoded.
 */
import { Worker } from 'node:worker_threads';
import type { ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import type { RenderedDocument } from '../../core/build/render-documents.ts';
import { failOnProblems } from './check-dist.ts';
import type { WriterAnswer, WriterMessage } from './write-and-check-documents-worker.ts';
import type { DocumentToWrite } from './write-documents.ts';

export interface CheckedDocuments {
  /** Manifest entries, in the writer's order (see startDocumentWriter). */
  documents: ManifestDocument[];
  /** Milliseconds spent writing (compressing, writing and checking each text), summed over the batches. */
  writeMs: number;
  /** Milliseconds of the checks of the written files (comparing them with their entries, decoding variants), summed over the batches. */
  checkMs: number;
}

export interface DocumentWriter {
  /**
   * Hands over more documents; they are written as soon as the batches before them are. `checked`: the folder where
   * earlier builds kept the reviews they checked (checked-reviews.ts); from the first batch that names one on.
   */
  write(docs: readonly RenderedDocument[], checked?: string): void;
  /**
   * There are no more: resolves once all are written and checked; rejects with checkDist's message listing every
   * problem (in the writer's order), or with the error that stopped the writer.
   */
  finish(): Promise<CheckedDocuments>;
  /** Throws the writer's error if it has stopped already (a build checks before starting long work). */
  throwIfFailed(): void;
  /** Stops the thread, written or not (the build failed elsewhere). */
  abort(): Promise<void>;
}

/**
 * Starts the writer into `dir`. `order` puts the documents (and their problems) of the batches, as handed over, in
 * the order of the manifest (default: as handed over).
 */
export function startDocumentWriter(dir: string, order: <T>(handedOver: T[]) => T[] = (x) => x): DocumentWriter {
  const worker = new Worker(new URL('./write-and-check-documents-worker.ts', import.meta.url), { workerData: { dir } });
  let failure: Error | null = null;
  const answer = new Promise<CheckedDocuments>((resolve, reject) => {
    let answered = false;
    const fail = (e: Error) => {
      failure ??= e;
      reject(failure);
    };
    worker.once('message', (reply: WriterAnswer) => {
      answered = true;
      if ('error' in reply) {
        const before = reply.problems.flat();
        return fail(new Error(`document writer: ${reply.error}${before.length > 0 ? `\n(and before it: ${before.join('; ')})` : ''}`));
      }
      try {
        failOnProblems(order(reply.problems).flat());
        resolve({ documents: order(reply.documents), writeMs: reply.writeMs, checkMs: reply.checkMs });
      } catch (e) {
        fail(e as Error);
      }
    });
    worker.once('error', (e) => fail(new Error(`document writer: ${e.message}`)));
    worker.once('exit', (code) => {
      if (!answered) fail(new Error(`document writer stopped (exit ${code})`));
    });
  });
  answer.catch(() => undefined); // awaited by finish(); a build that fails first must not leave it unhandled
  const post = (message: WriterMessage, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  return {
    write(docs, checked) {
      // Bodies go over as UTF-8 bytes whose memory is moved, not copied: reviews.json of 100k reviews is 57 MB.
      const encoder = new TextEncoder();
      const bytes: DocumentToWrite[] = docs.map((d) => ({ ...d, body: encoder.encode(d.body) }));
      post(
        { docs: bytes, ...(checked !== undefined && { checked }) },
        bytes.map((d) => (d.body as Uint8Array).buffer as ArrayBuffer),
      );
    },
    finish() {
      post({ end: true });
      return answer;
    },
    throwIfFailed() {
      if (failure) throw failure;
    },
    async abort() {
      await worker.terminate();
    },
  };
}

/** Writes and checks `docs` in one batch. */
export function writeAndCheckDocuments(dir: string, docs: readonly RenderedDocument[]): Promise<CheckedDocuments> {
  const writer = startDocumentWriter(dir);
  writer.write(docs);
  return writer.finish();
}
