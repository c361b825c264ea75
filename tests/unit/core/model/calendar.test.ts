import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lastModifiedOf } from '../../../../core/model/calendar.ts';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

describe('lastModifiedOf', () => {
  it('another body on the same newest date has another Last-Modified, the same body the same one', () => {
    // Before: the date alone. A review older than the newest, added, left it as it was: If-Modified-Since said 304.
    const before = lastModifiedOf('2026-11-21', digest('338 reviews'));
    const after = lastModifiedOf('2026-11-21', digest('339 reviews, one dated 2026-10-15'));
    expect(after).not.toBe(before);
    expect(lastModifiedOf('2026-11-21', digest('338 reviews'))).toBe(before);
    const many = new Set(Array.from({ length: 200 }, (_, i) => lastModifiedOf('2026-11-21', digest(`body ${i}`))));
    expect(many.size).toBeGreaterThan(195);
  });

  it('is an HTTP date within the day before the newest date, never after it', () => {
    const day = Date.parse('2026-11-21T00:00:00Z');
    for (let i = 0; i < 100; i++) {
      const text = lastModifiedOf('2026-11-21', digest(`body ${i}`));
      expect(text).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      const at = Date.parse(text);
      expect(at).toBeLessThan(day);
      expect(at).toBeGreaterThanOrEqual(day - 86_400_000);
    }
  });
});
