import { formatCount } from '../format/format-count.ts';
import type { ModerationRecord } from '../schemas/moderation-schema.ts';

/**
 * What the widget's static forms (the snippet, /embed/) say of the moderation record, under the histogram, so a
 * reader sees that low ratings were not filtered out (16 CFR Part 465). The script (site/widget/shingle-reviews.ts)
 * says the same in the widget's language, as it imports nothing at run time.
 */
export function widgetModerationLine(m: ModerationRecord): string {
  return (
    `Reviews received: ${formatCount(m.received)}; published: ${formatCount(m.published)}; ` +
    `not yet verified: ${formatCount(m.unverified)}; withheld on content-neutral grounds: ${formatCount(m.withheld.total)}.`
  );
}
