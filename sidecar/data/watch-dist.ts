import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILD_MANIFEST_FILE } from '../../core/build/build-manifest-schema.ts';
import type { Logger } from '../logger.ts';
import { loadSnapshot } from './load-snapshot.ts';
import type { MutableSnapshotSource } from './snapshot-source.ts';
import type { Snapshot } from './snapshot.ts';
import type { RejectedBuild } from './build-guard.ts';

export interface DistWatcher {
  /** Looks for a new build now; resolves true when it swapped one in. */
  check(): Promise<boolean>;
  close(): void;
}

export interface WatchOptions {
  intervalMs: number;
  logger: Logger;
  load?: (distDir: string) => Promise<Snapshot>;
  /** Monotonic clock in milliseconds. */
  now?: () => number;
  /** Why a loaded build must not be served (null: serve it). A refused build is kept out until dist/ changes again. */
  refuse?: (next: Snapshot) => string | null;
  /** Told of every refused build, and of `null` when a good one is swapped in. */
  onRefused?: (refused: RejectedBuild | null) => void;
}

/** How long a manifest that failed to load waits before it is tried again (unless it changes). */
const RETRY_FAILED_MS = 30_000;

/**
 * Polls dist/build-manifest.json and swaps a new build in when the manifest changes. The build
 * replaces dist/ with two renames, so for a moment there may be no dist/ at all, or files of the
 * next build under the previous manifest: any failure to load keeps the current snapshot and is
 * retried on the next poll (loadSnapshot checks every file's hash, so nothing mixed gets through).
 */
export function watchDist(distDir: string, source: MutableSnapshotSource, options: WatchOptions): DistWatcher {
  const load = options.load ?? loadSnapshot;
  const manifestPath = join(distDir, BUILD_MANIFEST_FILE);
  let seen: string | undefined;
  let running: Promise<boolean> | undefined;
  let lastError: string | undefined;
  /** A manifest that failed to load is retried, but not on every poll: loading 100k reviews takes a while. */
  let failed: { key: string; at: number } | undefined;
  const now = options.now ?? (() => performance.now());

  async function checkOnce(): Promise<boolean> {
    const st = await stat(manifestPath).catch(() => undefined);
    if (!st) return false;
    const key = `${st.ino}:${st.mtimeMs}:${st.size}`;
    if (key === seen) return false;
    if (failed?.key === key && now() - failed.at < RETRY_FAILED_MS) return false;
    try {
      // Same manifest as the build being served (a rebuild of unchanged inputs, or the first poll): nothing to load.
      if (await sameManifest(source.current())) {
        seen = key;
        return false;
      }
      const next = await load(distDir);
      seen = key;
      lastError = undefined;
      failed = undefined;
      const previous = source.current();
      if (sameJson(next.manifest, previous.manifest)) return false;
      const reason = options.refuse?.(next) ?? null;
      if (reason !== null) {
        options.logger.error('snapshot_refused', { reason, inputsHash: next.manifest.inputsHash, servingInputsHash: previous.manifest.inputsHash });
        options.onRefused?.({ inputsHash: next.manifest.inputsHash, baseUrl: next.manifest.baseUrl, reason });
        return false;
      }
      source.swap(next);
      options.onRefused?.(null);
      options.logger.info('snapshot_swapped', {
        reviews: next.manifest.reviewCount,
        updated: next.manifest.updated,
        inputsHash: next.manifest.inputsHash,
        previousInputsHash: previous.manifest.inputsHash,
      });
      return true;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (message !== lastError) options.logger.warn('snapshot_load_failed', { error: message });
      lastError = message;
      failed = { key, at: now() };
      return false;
    }
  }

  async function sameManifest(current: Snapshot): Promise<boolean> {
    const text = await readFile(manifestPath, 'utf8').catch(() => undefined);
    if (text === undefined) return false;
    try {
      return sameJson(JSON.parse(text), current.manifest);
    } catch {
      return false;
    }
  }

  const check = (): Promise<boolean> => (running ??= checkOnce().finally(() => (running = undefined)));
  const timer = options.intervalMs > 0 ? setInterval(() => void check(), options.intervalMs) : undefined;
  timer?.unref();
  return { check, close: () => clearInterval(timer) };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
