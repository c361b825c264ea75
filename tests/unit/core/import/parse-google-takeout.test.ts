import { describe, expect, it } from 'vitest';
import { calendarDateInZone } from '../../../../core/import/calendar-date-in-zone.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from '../../../../core/import/parse-google-takeout.ts';
import { laterCopies } from '../../../../core/import/merge-helpers.ts';
import { deriveReviewId } from '../../../../core/import/source-id.ts';
import { fixtureFiles } from '../../../helpers/import-fixtures.ts';

const ctx = { timeZone: 'America/Denver' };
const takeout = (folder: string) => fixtureFiles(folder).filter((f) => isTakeoutReviewFile(f.path));

describe('google-takeout', () => {
  it('reads only the Business Profile review files of an export', () => {
    expect(takeout('takeout-1').map((f) => f.path)).toEqual([
      'Takeout/Google Business Profile/account-111/location-555/reviews.json',
      'Takeout/Google Business Profile/account-222/location-555/reviews.json',
    ]);
    expect(isTakeoutReviewFile('account-1/location-2/reviews-001.json')).toBe(true);
    expect(isTakeoutReviewFile('Google Business Profile/account-1/location-2/reviews.json')).toBe(true);
    expect(isTakeoutReviewFile('Takeout/Maps (your places)/Saved Places.json')).toBe(false);
    expect(isTakeoutReviewFile('Takeout/Google Business Profile/account-1/location-2/location.json')).toBe(false);
  });

  const { reviews, issues } = parseGoogleTakeout(takeout('takeout-1'), ctx);
  const merged = laterCopies(reviews);
  const byAuthor = new Map(merged.map((r) => [r.fields.author, r]));

  it('maps every review once, keeping the later copy of a review two accounts share', () => {
    expect(issues).toEqual([]);
    expect(reviews).toHaveLength(10);
    expect(merged).toHaveLength(8);
    const dana = byAuthor.get('Dana W.')!;
    expect(dana.fields.text).toContain('Update: still no leaks');
    expect(dana.editedOn).toBe('2025-06-29');
    expect(dana.fields.id).toBe(deriveReviewId('g', 'AbCdEf-Dana-0008'));
  });

  it('maps stars, names (first name + last initial) and anonymous reviewers', () => {
    expect(byAuthor.get('Rhonda M.')!.fields.rating).toBe(5);
    expect(byAuthor.get('Mark S.')!.fields.rating).toBe(1);
    expect(byAuthor.get('John S.')!.fields.rating).toBe(3);
    expect(byAuthor.get('Anonymous')!.fields.rating).toBe(4);
    expect(merged.every((r) => !/Martinez|Thompson|Hernández/.test(JSON.stringify(r.fields)))).toBe(true);
  });

  it('dates a review by the calendar day in the business time zone', () => {
    // 2025-07-02T04:10Z is the evening of 1 July in Denver.
    expect(byAuthor.get('Grace L.')!.fields.date).toBe('2025-07-01');
    expect(calendarDateInZone('2025-07-02T04:10:00Z', 'UTC')).toBe('2025-07-02');
    expect(calendarDateInZone('2025-07-02T04:10:00+09:00', 'Asia/Tokyo')).toBe('2025-07-02');
    expect(calendarDateInZone('not a time', 'UTC')).toBeNull();
  });

  it('keeps a star-only review with empty text', () => {
    expect(byAuthor.get('Grace L.')!.fields.text).toBe('');
  });

  it('keeps the original of a translated comment and its language, in the review and the reply', () => {
    const jose = byAuthor.get('José H.')!;
    expect(jose.fields.text).toBe('Muy buen trabajo, el equipo fue muy limpio y ordenado con la casa.');
    expect(jose.fields.language).toBe('es');
    expect(jose.fields.ownerReply).toEqual({ text: '¡Muchas gracias, José!', date: '2025-08-21' });
  });

  it('maps owner replies with their own date', () => {
    expect(byAuthor.get('Rhonda M.')!.fields.ownerReply).toEqual({ text: 'Thank you Rhonda!', date: '2025-05-11' });
  });

  it('names file, record and field of a bad review, and of a file that is not JSON', () => {
    const bad = parseGoogleTakeout(
      [
        {
          path: 'x/reviews.json',
          text: JSON.stringify({
            reviews: [
              { reviewId: 'R-1', starRating: 'SIX', createTime: '2025-01-01T00:00:00Z' },
              { reviewId: 'R-2', starRating: 'TWO', createTime: 'yesterday' },
            ],
          }),
        },
        { path: 'y/reviews.json', text: '{"reviews": [' },
      ],
      ctx,
    );
    expect(bad.issues).toEqual([
      expect.objectContaining({ file: 'x/reviews.json', recordId: 'R-1', field: 'reviews.0.starRating' }),
      expect.objectContaining({ file: 'x/reviews.json', recordId: 'R-2', field: 'reviews.1.createTime' }),
      expect.objectContaining({ file: 'y/reviews.json', message: expect.stringContaining('not valid JSON') }),
    ]);
  });
});
