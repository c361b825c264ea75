import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseContent } from '../../../../core/content/parse-content.ts';
import { renderAtom } from '../../../../core/feeds/render-atom.ts';
import { renderJsonFeed } from '../../../../core/feeds/render-json-feed.ts';
import { renderReviewsDocument } from '../../../../core/feeds/render-reviews-document.ts';
import { authorInitials } from '../../../../core/model/author-initials.ts';
import { buildModerationRecord } from '../../../../core/model/moderation-record.ts';
import { buildOpenApiDocument } from '../../../../core/openapi/build-openapi-document.ts';
import { ModerationRecordSchema } from '../../../../core/schemas/moderation-schema.ts';
import { REJECTION_REASON_CODES } from '../../../../core/schemas/rejection-reason-schema.ts';
import { ReviewsDocumentSchema } from '../../../../core/schemas/reviews-document-schema.ts';
import type { VerificationRecord } from '../../../../core/schemas/review-schema.ts';
import { businessFile, contentErrorOf, record, sampleModel } from '../../../helpers/sample-model.ts';

const biz = businessFile;
const errorOf = (line: unknown): string => contentErrorOf([line], 'content/reviews/2024.jsonl');

describe('rejection reason codes (16 CFR Part 465)', () => {
  const base = record({ id: 'r-x', date: '2024-05-01' });

  it('accepts each code of the fixed list with a note', () => {
    for (const reason of REJECTION_REASON_CODES) {
      expect(() =>
        parseContent(biz, [
          { path: 'r.jsonl', text: JSON.stringify({ ...base, verification: { status: 'rejected', reason, note: 'checked the job list' } }) },
        ]),
      ).not.toThrow();
    }
    expect(REJECTION_REASON_CODES).toEqual([
      'not-a-customer',
      'duplicate',
      'conflict-of-interest',
      'employee-or-relative-undisclosed',
      'confidential-information',
      'harassment-or-hate',
      'obscene',
      'unrelated-to-business',
      'spam',
    ]);
  });

  it.each([
    ['a code outside the list', { status: 'rejected', reason: 'too-negative', note: 'x' }, /\(r-x\) verification\.reason:/],
    ['a free-text reason', { status: 'rejected', reason: 'one star, probably a competitor' }, /\(r-x\) verification\.reason:/],
    ['a rejection without a note', { status: 'rejected', reason: 'spam' }, /\(r-x\) verification\.note:/],
    ['an empty note', { status: 'rejected', reason: 'spam', note: '  ' }, /\(r-x\) verification\.note: a rejection needs a note/],
  ])('refuses %s, naming file, line, record and field', (_name, verification, pattern) => {
    expect(errorOf({ ...base, verification })).toMatch(pattern);
  });
});

describe('moderation record', () => {
  const statuses: VerificationRecord[] = [
    { status: 'verified', method: 'job-match', verifiedOn: '2024-01-02' },
    { status: 'unverified', reason: 'no job yet' },
    ...REJECTION_REASON_CODES.map((reason) => ({ status: 'rejected' as const, reason, note: 'n' })),
  ];

  it('counts add up to the reviews received, overall and per rating', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ rating: fc.integer({ min: 1, max: 5 }), verification: fc.constantFrom(...statuses) }), { maxLength: 200 }),
        (records) => {
          const m = ModerationRecordSchema.parse(buildModerationRecord(records));
          expect(m.received).toBe(records.length);
          expect(m.published + m.unverified + m.withheld.total).toBe(m.received);
          expect(Object.values(m.withheld.byReason).reduce((a, b) => a + b, 0)).toBe(m.withheld.total);
          for (const row of m.byRating) expect(row.published + row.unverified + row.withheld).toBe(row.received);
          expect(m.byRating.reduce((a, r) => a + r.received, 0)).toBe(m.received);
          expect(m.published).toBe(records.filter((r) => r.verification.status === 'verified').length);
        },
      ),
    );
  });

  const model = sampleModel([
    record({ id: 'r-1', date: '2024-03-01', rating: 1 }),
    record({ id: 'r-2', date: '2024-03-02', rating: 5 }),
    record({ id: 'r-3', date: '2024-03-03', rating: 1, verification: { status: 'unverified', reason: 'no job found' } }),
    record({ id: 'r-4', date: '2024-03-04', rating: 5, verification: { status: 'rejected', reason: 'duplicate', note: 'same as r-2' } }),
  ]);

  it('is published in reviews.json, insights.json and the OpenAPI document', () => {
    const expected = {
      received: 4,
      published: 2,
      unverified: 1,
      withheld: { total: 1, byReason: expect.objectContaining({ duplicate: 1, spam: 0 }) },
    };
    const doc = ReviewsDocumentSchema.parse(renderReviewsDocument(model));
    expect(doc.moderation).toMatchObject(expected);
    expect(Object.keys(renderReviewsDocument(model)).at(-1)).toBe('reviews');
    expect(model.insights.moderation).toMatchObject(expected);
    expect(model.heldBack.find((h) => h.id === 'r-4')).toMatchObject({ status: 'rejected', reason: 'duplicate', note: 'same as r-2' });
    const openapi = buildOpenApiDocument('https://reviews.example') as {
      info: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    // The OpenAPI document states the policy and the schema, never this build's counts: it does not change with the data.
    expect(openapi.info.description).toContain('Moderation (16 CFR Part 465)');
    expect(openapi.info.description).toContain('not-a-customer, duplicate, conflict-of-interest');
    expect(Object.keys(openapi.components.schemas)).toEqual(expect.arrayContaining(['ModerationRecord', 'RejectionReason']));
  });
});

describe('consent and disclosures', () => {
  it('shows the name only with consent; initials otherwise', () => {
    const m = sampleModel([
      record({ id: 'r-1', date: '2024-03-01', author: 'Maria G.', consent: true }),
      record({ id: 'r-2', date: '2024-03-02', author: 'Zoë K.', consent: false }),
      record({ id: 'r-3', date: '2024-03-03', author: 'Anonymous' }),
    ]);
    const { consent: _c, ...noConsent } = record({ id: 'r-4', date: '2024-03-04', author: 'Rhonda M.' });
    const m2 = sampleModel([noConsent]);
    expect(m.reviews.map((r) => r.author)).toEqual(['Anonymous', 'Z. K.', 'Maria G.']);
    expect(m2.reviews[0]!.author).toBe('R. M.');
    expect(authorInitials('Łucja')).toBe('Ł.');
    expect(authorInitials('ʻIolani K.')).toBe('I. K.'); // the ʻokina is no initial a reader knows
  });

  it('publishes incentive and relationship with the review in the JSON and both feeds', () => {
    const m = sampleModel([
      record({ id: 'r-1', date: '2024-03-01', incentive: 'a $20 gift card offered to every customer', relationship: 'relative' }),
    ]);
    const r = m.reviews[0]!;
    expect(r).toMatchObject({ incentive: 'a $20 gift card offered to every customer', relationship: 'relative' });
    const item = renderJsonFeed(m).items[0]!;
    expect(item._review).toMatchObject({ incentive: r.incentive, relationship: 'relative' });
    expect(item.content_text).toContain('Disclosure: the reviewer was offered a $20 gift card offered to every customer.');
    expect(item.content_html).toContain('Disclosure: the reviewer is a relative of someone at the business.');
    expect(renderAtom(m)).toContain('Disclosure: the reviewer was offered a $20 gift card');
  });

  it('has no way to record an incentive conditioned on sentiment', () => {
    expect(errorOf({ ...record({ id: 'r-x', date: '2024-05-01' }), incentive: { amount: 20, forPositiveReview: true } })).toMatch(
      /\(r-x\) incentive:/,
    );
    expect(errorOf({ ...record({ id: 'r-x', date: '2024-05-01' }), relationship: 'friend' })).toMatch(/\(r-x\) relationship:/);
  });
});
