/**
 * The build's data documents, compressed, written and checked on a worker thread (write-and-check-documents-worker.ts).
 *
 * - Off the main thread: each document takes several steps on the thread that awaits it (cache lookup,
 *   compression, writes); while Astro rendered the pages on the main thread those steps waited for it, and the
 *   documents of a 100k-review +1 build took 3.9 s instead of about 2 s.
 * - Checked as they are written: a document's text is checked against its schema (checkContent) while its own
 *   variants compress on the libuv pool, instead of read back and parsed after every document is written —
 *   `reviews.json` of 100k reviews is 57 MB whose check (JSON and Zod) takes as long as its compression. Then
 *   every written file is compared with its manifest entry and its variants decoded (checkDist).
 *
 * Resolves to the manifest entries; rejects with checkDist's message when a document fails.
 */
import { Worker } from 'node:worker_threads';
import type { ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import type { RenderedDocument } from '../../core/build/render-documents.ts';
import type { DocumentToWrite } from './write-documents.ts';

export interface CheckedDocuments {
  documents: ManifestDocument[];
  /** Milliseconds of the check after the last document was written (comparing files, decoding variants). */
  checkMs: number;
}

export function writeAndCheckDocuments(dir: string, docs: readonly RenderedDocument[]): Promise<CheckedDocuments> {
  // Bodies go over as UTF-8 bytes whose memory is moved, not copied: reviews.json of 100k reviews is 57 MB.
  const encoder = new TextEncoder();
  const bytes: DocumentToWrite[] = docs.map((d) => ({ ...d, body: encoder.encode(d.body) }));
  const transferList = bytes.map((d) => (d.body as Uint8Array).buffer as ArrayBuffer);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./write-and-check-documents-worker.ts', import.meta.url), { workerData: { dir, docs: bytes }, transferList });
    let answered = false;
    worker.once('message', (answer: CheckedDocuments | { problem: string }) => {
      answered = true;
      if ('documents' in answer) resolve(answer);
      else reject(new Error(answer.problem));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`document writer stopped (exit ${code})`));
    });
  });
}
