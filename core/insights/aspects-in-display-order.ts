import { byCodePoint } from '../text/by-code-point.ts';
import type { AspectInsight } from '../schemas/insights-schema.ts';

/**
 * Aspects in the order the site shows them (the home page's chart, the widget): those with a share first, most
 * opinions first, then those without one; ties by label. One order everywhere, so the widget never lists them
 * differently from the page it links to. Labels compare by code point, never by the machine's locale: the order is in
 * widget.json's bytes, which must not depend on where the build runs.
 */
export function aspectsInDisplayOrder<T extends Pick<AspectInsight, 'id' | 'negativeShare' | 'opinions' | 'label'>>(aspects: readonly T[]): T[] {
  return [...aspects].sort(
    (a, b) =>
      Number(b.negativeShare !== null) - Number(a.negativeShare !== null) ||
      b.opinions.estimate - a.opinions.estimate ||
      byCodePoint(a.label, b.label) ||
      byCodePoint(a.id, b.id),
  );
}
