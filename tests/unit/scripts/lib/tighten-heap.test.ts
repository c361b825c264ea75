import { describe, expect, it } from 'vitest';
import { TIGHT_HEAP_GROWING_PERCENT, tightenHeap } from '../../../../scripts/lib/tighten-heap.ts';

describe('tightenHeap (V8 heap growth for builds that read many reviews afresh)', () => {
  it('leaves a growing factor the process was started with', () => {
    const set: string[] = [];
    expect(tightenHeap(['--heap-growing-percent=60'], (f) => set.push(f))).toBe(false);
    expect(tightenHeap(['--max-old-space-size=4096', '--heap_growing_percent=60'], (f) => set.push(f))).toBe(false);
    expect(set).toEqual([]);
  });

  it('sets the factor once for the process', () => {
    const set: string[] = [];
    expect(tightenHeap([], (f) => set.push(f))).toBe(true);
    expect(tightenHeap([], (f) => set.push(f))).toBe(false);
    expect(set).toEqual([`--heap-growing-percent=${TIGHT_HEAP_GROWING_PERCENT}`]);
  });
});
