import { capitalize } from '../format/capitalize.ts';
import { plural } from '../format/format-count.ts';
import type { ShareInterval } from '../schemas/insights-schema.ts';

/** Plain-words anchors for a share: the nearest one is said ("about 1 in 3"). */
const ANCHORS: readonly (readonly [number, string])[] = [
  [0, 'almost none'],
  [0.05, 'about 1 in 20'],
  [0.1, 'about 1 in 10'],
  [0.125, 'about 1 in 8'],
  [1 / 6, 'about 1 in 6'],
  [0.2, 'about 1 in 5'],
  [0.25, 'about 1 in 4'],
  [1 / 3, 'about 1 in 3'],
  [0.4, 'about 2 in 5'],
  [0.5, 'about half'],
  [0.6, 'about 3 in 5'],
  [2 / 3, 'about 2 in 3'],
  [0.75, 'about 3 in 4'],
  [0.8, 'about 4 in 5'],
  [5 / 6, 'about 5 in 6'],
  [0.875, 'about 7 in 8'],
  [0.9, 'about 9 in 10'],
  [0.95, 'about 19 in 20'],
  [1, 'almost all'],
];

/** "Almost none" and "almost all" are said only when the interval stays this close to the end… */
const NEAR_END = 0.1;

/**
 * A share as a roofer would say it: "about 1 in 3". At the ends only what its interval backs: "almost none" when
 * even its upper end is small, else "few" ("few of 32 opinions are negative (0–21%)"), and "almost all" or "most".
 */
export function shareWords(share: number, interval?: Pick<ShareInterval, 'low' | 'high'>): string {
  let best = ANCHORS[0]!;
  for (const a of ANCHORS) if (Math.abs(a[0] - share) < Math.abs(best[0] - share)) best = a;
  if (interval && best[0] === 0 && interval.high > NEAR_END) return 'few';
  if (interval && best[0] === 1 && interval.low < 1 - NEAR_END) return 'most';
  return best[1];
}

const percent = (x: number) => Math.round(x * 100);

/** "38–66%": an interval in whole percents. */
export const intervalWords = (s: ShareInterval): string => `${percent(s.low)}–${percent(s.high)}%`;

/**
 * An aspect's negative share in one sentence a roofer understands: "about half of 54 opinions on
 * cleanup are negative (38–66%)", or why there is no share: "not enough opinions yet on cleanup
 * to give a share", "the reader has not been measured on cleanup". `subject` is the aspect's label as it
 * reads in a sentence ("cleanup").
 */
export function describeShare(subject: string, opinions: number | null, share: ShareInterval | null): string {
  if (opinions === null) return `The reader has not been measured on ${subject}, so no share is estimated.`;
  // No count here: below the minimum the corrected estimate can exceed the mentions a reader sees beside it
  // ("4 reviews speak about cleanup … about 7 opinions"); insights.json keeps it in `opinions`.
  if (share === null) return `Not enough opinions yet on ${subject} to give a share.`;
  return `${capitalize(shareWords(share.estimate, share))} of ${plural(opinions, 'opinion')} on ${subject} are negative (${intervalWords(share)}).`;
}
