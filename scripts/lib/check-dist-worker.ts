/**
 * Worker thread of checkDistInWorker: checks a build's documents against their schemas (checkDist) off the main
 * thread, and posts back null or the error's message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { checkDist } from './check-dist.ts';

const { distDir, manifest } = workerData as { distDir: string; manifest: BuildManifest };
try {
  await checkDist(distDir, manifest);
  parentPort!.postMessage(null);
} catch (e) {
  parentPort!.postMessage(e instanceof Error ? e.message : String(e));
}
