/**
 * The build's data documents, compressed, written and checked on a worker thread (write-and-check-documents-worker.ts).
 *
 * - Off the main thread: each document takes several steps on the thread that awaits it (cache lookup,
 *   compression, writes); while Astro rendered the pages on the main thread those steps waited for it, and the
 *   documents of a 100k-review +1 build took 3.9 s instead of about 2 s.
 * - Handed over in batches: the build hands over the reviews' documents as soon as the reviews are published
 *   (`reviews.json` of 100k reviews is 57 MB and takes seconds to compress and check) and `insights.json` once the
 *   insights are aggregated, so that work runs beside the aggregation, on the core it leaves idle.
 * - Checked as they are written: a document's text is checked against its schema (checkContent) while its own
 *   variants compress on the libuv pool, instead of read back and parsed after every document is written —
 *   `reviews.json` of 100k reviews is 57 MB whose check (JSON and Zod) takes as long as its compression. Then
 *   every written file is compared with its manifest entry and its variants decoded (checkDist).
 */
import { Worker } from 'node:worker_threads';
import type { ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import type { RenderedDocument } from '../../core/build/render-documents.ts';
import type { WriterMessage } from './write-and-check-documents-worker.ts';
import type { DocumentToWrite } from './write-documents.ts';

export interface CheckedDocuments {
  /** Manifest entries, in the order the documents were handed over. */
  documents: ManifestDocument[];
  /** Milliseconds spent writing (compressing, writing and checking each text), summed over the batches. */
  writeMs: number;
  /** Milliseconds of the checks of the written files (comparing them with their entries, decoding variants), summed over the batches. */
  checkMs: number;
}

export interface DocumentWriter {
  /** Hands over more documents; they are written as soon as the batches before them are. */
  write(docs: readonly RenderedDocument[]): void;
  /** There are no more: resolves once all are written and checked; rejects with checkDist's message or the write's error. */
  finish(): Promise<CheckedDocuments>;
  /** Stops the thread, written or not (the build failed elsewhere). */
  abort(): Promise<void>;
}

export function startDocumentWriter(dir: string): DocumentWriter {
  const worker = new Worker(new URL('./write-and-check-documents-worker.ts', import.meta.url), { workerData: { dir } });
  const answer = new Promise<CheckedDocuments>((resolve, reject) => {
    let answered = false;
    worker.once('message', (reply: CheckedDocuments | { problem: string }) => {
      answered = true;
      if ('documents' in reply) resolve(reply);
      else reject(new Error(reply.problem));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`document writer stopped (exit ${code})`));
    });
  });
  answer.catch(() => undefined); // awaited by finish(); a build that fails first must not leave it unhandled
  const post = (message: WriterMessage, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  return {
    write(docs) {
      // Bodies go over as UTF-8 bytes whose memory is moved, not copied: reviews.json of 100k reviews is 57 MB.
      const encoder = new TextEncoder();
      const bytes: DocumentToWrite[] = docs.map((d) => ({ ...d, body: encoder.encode(d.body) }));
      post(
        { docs: bytes },
        bytes.map((d) => (d.body as Uint8Array).buffer as ArrayBuffer),
      );
    },
    finish() {
      post({ end: true });
      return answer;
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
