/**
 * Pages compressed while Astro renders them (issue 27, cold builds). Astro renders on the main thread, one core, for
 * ~7 s at 100k reviews, and writes each page as it goes; compressing the ~2,000 archive pages came only after it,
 * ~6 s on both cores. A worker thread (precompress-pages-worker.ts) now compresses the archive pages as they appear,
 * on the idle core, and compressPages keeps its variants of every page whose final bytes are the ones it read.
 *
 * An earlier try did this in an Astro middleware on the main thread: Astro slowed by more than it saved (see
 * docs/site.md). The worker reads the files Astro wrote instead, and never touches Astro's thread.
 */
import { Worker } from 'node:worker_threads';
import type { PrecompressedPage } from './compress-pages.ts';
import type { PrecompressedMessage } from './precompress-pages-worker.ts';

export interface PagePrecompressor {
  /** The thread's id while it runs, -1 once it has ended (Node's `Worker.threadId`). */
  readonly threadId: number;
  /**
   * Tells the thread to stop after the page in hand and resolves, once it has ended, with the pages it made
   * variants of (by path relative to the folder) and the error that stopped it early, if any: never rejects, since
   * compressPages makes whatever is missing.
   */
  stop(): Promise<{ pages: Map<string, PrecompressedPage>; error: Error | null }>;
}

/**
 * Starts compressing the archive pages written into `dir` (Astro's output folder) as they appear. `module`: the
 * thread's module (tests hand one that cannot load).
 */
export function startPagePrecompressor(dir: string, module = new URL('./precompress-pages-worker.ts', import.meta.url)): PagePrecompressor {
  const pages = new Map<string, PrecompressedPage>();
  let error: Error | null = null;
  const worker = new Worker(module, { workerData: { dir } });
  worker.on('message', ({ rel, page }: PrecompressedMessage) => pages.set(rel, page));
  worker.once('error', (e) => (error = e));
  // Settled on 'exit': every page the thread posted before it ended has arrived by then.
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    get threadId() {
      return worker.threadId;
    },
    async stop() {
      worker.postMessage('stop');
      await ended;
      return { pages, error };
    },
  };
}
