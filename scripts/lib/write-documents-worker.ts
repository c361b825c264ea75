/**
 * Worker thread of writeDocumentsInWorker: compresses and writes a build's rendered documents (writeDocuments)
 * and posts back their manifest entries, or the error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeDocuments, type DocumentToWrite } from './write-documents.ts';

const { dir, docs } = workerData as { dir: string; docs: DocumentToWrite[] };
try {
  parentPort!.postMessage({ documents: await writeDocuments(dir, docs, 'best') });
} catch (e) {
  parentPort!.postMessage({ problem: e instanceof Error ? e.message : String(e) });
}
