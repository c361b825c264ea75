import { describe, expect, it } from 'vitest';
import { describeShare, shareWords } from '../../../../core/insights/describe-share.ts';

describe('describeShare and shareWords', () => {
  it('say the share as a roofer would, and the ends only where the interval backs them', () => {
    expect(describeShare('cleanup', 54, { estimate: 0.52, low: 0.38, high: 0.66 })).toBe(
      'About half of 54 opinions on cleanup are negative (38–66%).',
    );
    expect(shareWords(0.154)).toBe('about 1 in 6');
    expect(shareWords(0.02, { low: 0, high: 0.06 })).toBe('almost none');
    expect(shareWords(0.02, { low: 0, high: 0.1 })).toBe('almost none');
    expect(shareWords(0.02, { low: 0, high: 0.101 })).toBe('few');
    expect(describeShare('price', 32, { estimate: 0.02, low: 0, high: 0.21 })).toBe('Few of 32 opinions on price are negative (0–21%).');
    expect(shareWords(0.98, { low: 0.93, high: 1 })).toBe('almost all');
    expect(shareWords(0.98, { low: 0.75, high: 1 })).toBe('most');
  });

  it('gives no count below the minimum, only that there are not enough opinions yet', () => {
    expect(describeShare('warranty', 12, null)).toBe('Not enough opinions yet on warranty to give a share.');
    expect(describeShare('warranty', null, null)).toBe('The reader has not been measured on warranty, so no share is estimated.');
  });
});
