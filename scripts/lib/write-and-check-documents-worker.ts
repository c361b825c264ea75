/**
 * Worker thread of writeAndCheckDocuments: writes the documents (writeDocuments), checking each one's text
 * while it compresses, then checks the written files (checkDist); posts back the manifest entries and the
 * time of that last check, or the error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkContent, checkDist } from './check-dist.ts';
import { writeDocuments, type DocumentToWrite } from './write-documents.ts';

const { dir, docs } = workerData as { dir: string; docs: DocumentToWrite[] };
try {
  const content = new Map<string, string[]>();
  const documents = await writeDocuments(dir, docs, 'best', undefined, (doc, body) => {
    // null: a widget script, whose check needs its gzip size; checkDist checks it in full
    const problems = checkContent(doc, body);
    if (problems) content.set(doc.path, problems);
  });
  const started = performance.now();
  await checkDist(dir, { documents }, content);
  parentPort!.postMessage({ documents, checkMs: Math.round(performance.now() - started) });
} catch (e) {
  parentPort!.postMessage({ problem: e instanceof Error ? e.message : String(e) });
}
