import { describe, expect, it } from 'vitest';
import { tightenHeap } from '../../../../scripts/lib/tighten-heap.ts';

describe('tightenHeap (V8 heap growth for builds that read many reviews afresh)', () => {
  it('leaves a growing factor the process was started with', () => {
    expect(tightenHeap(['--heap-growing-percent=60'])).toBe(false);
    expect(tightenHeap(['--max-old-space-size=4096', '--heap_growing_percent=60'])).toBe(false);
  });
});
