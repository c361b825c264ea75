import { describe, expect, it } from 'vitest';
import { classifyDeliveryOutcome, isChallengeEchoed } from '../../../../core/hub/delivery-outcome.ts';

describe('delivery outcome and challenge', () => {
  it('acknowledges only 2xx; 410 is gone; everything else retries', () => {
    expect(classifyDeliveryOutcome(200)).toBe('delivered');
    expect(classifyDeliveryOutcome(204)).toBe('delivered');
    expect(classifyDeliveryOutcome(410)).toBe('gone');
    for (const s of [301, 302, 304, 400, 404, 429, 500, 503, null]) expect(classifyDeliveryOutcome(s)).toBe('failed');
  });
  it('needs 2xx and the exact challenge', () => {
    expect(isChallengeEchoed(200, 'abc', 'abc')).toBe(true);
    expect(isChallengeEchoed(200, 'abc\n', 'abc')).toBe(false);
    expect(isChallengeEchoed(302, 'abc', 'abc')).toBe(false);
    expect(isChallengeEchoed(404, 'abc', 'abc')).toBe(false);
    expect(isChallengeEchoed(null, 'abc', 'abc')).toBe(false);
  });
});
