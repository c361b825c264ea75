/**
 * Worker thread of startDocumentWriter: writes each batch of documents it is handed (writeDocuments), checking each
 * one's text while it compresses, then checks the batch's files (findProblems: compared with their entries, variants
 * decoded); once told there are no more, posts back the manifest entries in the order handed over with the time of
 * the writing and of the checks, or every problem found (checkDist's message) or the first error's.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ManifestDocument } from '../../core/build/build-manifest-schema.ts';
import { checkContent, failOnProblems, findProblems } from './check-dist.ts';
import { writeDocuments, type DocumentToWrite } from './write-documents.ts';

export type WriterMessage = { docs: DocumentToWrite[] } | { end: true };

const { dir } = workerData as { dir: string };
const port = parentPort!;
const documents: ManifestDocument[] = [];
const content = new Map<string, string[]>();
const problems: string[] = [];
let writeMs = 0;
let checkMs = 0;
// One batch after the other: the entries keep the order the batches came in.
let written: Promise<void> = Promise.resolve();

const onMessage = (message: WriterMessage) => {
  if ('docs' in message) {
    written = written.then(async () => {
      const started = performance.now();
      const entries = await writeDocuments(dir, message.docs, {
        on: 'thread',
        inspect: (doc, body) => {
          // null: a widget script, whose check needs its gzip size; findProblems checks it in full
          const problems = checkContent(doc, body);
          if (problems) content.set(doc.path, problems);
        },
      });
      documents.push(...entries);
      const written = performance.now();
      writeMs += written - started;
      problems.push(...(await findProblems(dir, entries, content)));
      checkMs += performance.now() - written;
    });
    written.catch(() => undefined); // reported once the end is asked for
    return;
  }
  port.off('message', onMessage); // nothing more comes: the thread may end once the answer is posted
  written
    .then(() => {
      failOnProblems(problems);
      port.postMessage({ documents, writeMs: Math.round(writeMs), checkMs: Math.round(checkMs) });
    })
    .catch((e: unknown) => port.postMessage({ problem: e instanceof Error ? e.message : String(e) }));
};
port.on('message', onMessage);
