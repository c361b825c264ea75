import type { AspectInsight } from '../schemas/insights-schema.ts';

/**
 * Aspects in the order the site shows them (the home page's chart, the widget): those with a share first, most
 * opinions first, then those without one; ties by label. One order everywhere, so the widget never lists them
 * differently from the page it links to.
 */
export function aspectsInDisplayOrder<T extends Pick<AspectInsight, 'negativeShare' | 'opinions' | 'label'>>(aspects: readonly T[]): T[] {
  return [...aspects].sort(
    (a, b) =>
      Number(b.negativeShare !== null) - Number(a.negativeShare !== null) ||
      b.opinions.estimate - a.opinions.estimate ||
      a.label.localeCompare(b.label),
  );
}
