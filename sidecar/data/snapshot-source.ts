import type { Snapshot, SnapshotSource } from './snapshot.ts';

/** A SnapshotSource whose snapshot can be replaced; `swap` is the one place a build changes. */
export interface MutableSnapshotSource extends SnapshotSource {
  /** Makes `next` current (one assignment: a request that already holds the old one keeps it), then notifies listeners. */
  swap(next: Snapshot): void;
}

export function createSnapshotSource(initial: Snapshot, onListenerError: (e: unknown) => void = () => {}): MutableSnapshotSource {
  let current = initial;
  const listeners = new Set<(next: Snapshot, previous: Snapshot) => void>();
  return {
    current: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    swap(next) {
      const previous = current;
      current = next;
      for (const listener of listeners) {
        try {
          listener(next, previous);
        } catch (e) {
          onListenerError(e);
        }
      }
    },
  };
}
