import { describe, expect, it } from 'vitest';
import { ReviewSchema } from '../../../../core/schemas/review-schema.ts';
import { record, sampleModel } from '../../../helpers/sample-model.ts';

describe('publishing', () => {
  const records = [
    record({ id: 'r-b', date: '2024-03-01', rating: 4 }),
    record({ id: 'r-a', date: '2024-03-01', rating: 5, ownerReply: { text: 'Thanks', date: '2024-03-04' } }),
    record({ id: 'r-c', date: '2024-05-09', rating: 1 }),
    record({ id: 'r-held', date: '2024-06-01', verification: { status: 'unverified', reason: 'no matching job found' } }),
  ];
  const model = sampleModel(records);

  it('publishes verified reviews only and reports the rest', () => {
    expect(model.reviews.map((r) => r.id)).not.toContain('r-held');
    expect(model.heldBack).toEqual([
      { id: 'r-held', file: 'content/reviews/test.jsonl', line: 4, status: 'unverified', reason: 'no matching job found' },
    ]);
  });

  it('freezes every published review, deep (its digest keys the caches and page reuse: never changed in place)', () => {
    const r = model.reviews.find((x) => x.id === 'r-a')!;
    expect(() => {
      (r as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      (r.ownerReply as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(() => (r.technicians as unknown[]).push({})).toThrow(TypeError);
  });

  it('orders newest first with ties by id', () => {
    expect(model.reviews.map((r) => r.id)).toEqual(['r-c', 'r-a', 'r-b']);
  });

  it('resolves catalog ids to names and builds permalinks; strips the internal reference', () => {
    const m = sampleModel([
      record({
        id: 'r-x',
        date: '2024-02-02',
        technicians: ['dave'],
        services: ['gutters'],
        verification: { status: 'verified', method: 'invoice-match', verifiedOn: '2024-02-03', reference: 'INV-9' },
      }),
    ]);
    const r = m.reviews[0]!;
    expect(r.technicians).toEqual([{ id: 'dave', name: 'Dave' }]);
    expect(r.services).toEqual([{ id: 'gutters', name: 'Gutters and downspouts' }]);
    expect(r.url).toBe('https://reviews.example/reviews/2024-02/#r-x');
    expect(JSON.stringify(r)).not.toContain('INV-9');
    expect(ReviewSchema.parse(r)).toEqual(r);
  });

  it('uses extraction only where the content does not state mentions', () => {
    const { technicians: _t, services: _s, serviceArea: _a, ...bare } = record({ id: 'r-y', date: '2024-02-02' });
    const m = sampleModel([bare]);
    expect(m.reviews[0]!.technicians).toEqual([{ id: 'marco', name: 'Marco' }]);
    expect(m.reviews[0]!.serviceArea).toEqual({ id: 'greeley', name: 'Greeley' });
  });

  it('takes "updated" from the data, including owner replies', () => {
    expect(model.updated).toBe('2024-05-09');
    expect(sampleModel(records.slice(0, 2)).updated).toBe('2024-03-04');
    expect(sampleModel([]).updated).toBeNull();
  });
});

describe('the data date behind Last-Modified and "updated"', () => {
  it('counts when a back-dated review was verified, so publishing it moves the date', () => {
    const before = sampleModel([record({ id: 'r-new', date: '2024-05-10' })]);
    const after = sampleModel([
      record({ id: 'r-new', date: '2024-05-10' }),
      record({ id: 'r-late', date: '2024-05-01', verification: { status: 'verified', method: 'phone-confirmed', verifiedOn: '2024-05-14' } }),
    ]);
    expect(before.updated).toBe('2024-05-10');
    expect(after.updated).toBe('2024-05-14');
  });
});
