import type { WidgetInsights } from './widget-document-schema.ts';

/**
 * What the widget's static forms (the snippet, /embed/) say of the insights: one sentence per aspect with a share,
 * then one line naming the aspects without enough opinions yet (null when there are none). The script
 * (site/widget/shingle-reviews.ts) says the same in its own words, as it imports nothing at run time.
 */
export function widgetInsightLines(insights: WidgetInsights): { measured: string[]; notYet: string | null } {
  const rest = insights.aspects.filter((a) => !a.negativeShare).map((a) => a.label);
  return {
    measured: insights.aspects.filter((a) => a.negativeShare).map((a) => a.inWords),
    notYet: rest.length ? `Not enough opinions yet on: ${rest.join(', ')}.` : null,
  };
}
