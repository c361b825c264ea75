import { describe, expect, it } from 'vitest';
import { aspectsInDisplayOrder } from '../../../../core/insights/aspects-in-display-order.ts';
import type { AspectId } from '../../../../core/schemas/business-schema.ts';

const share = { estimate: 0.5, low: 0.3, high: 0.7 };
const aspect = (id: AspectId, label: string, opinions: number, measured: boolean) => ({
  id,
  label,
  opinions: { estimate: opinions, positive: opinions, negative: 0 },
  negativeShare: measured ? share : null,
});

describe('aspectsInDisplayOrder', () => {
  it('puts aspects with a share first, most opinions first, then labels and ids by code point — never by locale', () => {
    const order = aspectsInDisplayOrder([
      aspect('workmanship', 'Zinc', 10, false),
      aspect('timeliness', 'Øvrigt', 10, false),
      aspect('communication', 'Aarhus', 10, false),
      aspect('cleanup', 'Few', 5, true),
      aspect('price', 'Many', 90, true),
      aspect('warranty', 'Same', 10, false),
      aspect('professionalism', 'Same', 10, false),
      aspect('insurance', 'Lots', 400, false),
    ]).map((a) => a.id);
    // "Ø" (U+00D8) sorts after "Z" by code point, whatever the build machine's LANG.
    expect(order).toEqual(['price', 'cleanup', 'insurance', 'communication', 'professionalism', 'warranty', 'workmanship', 'timeliness']);
  });
});
