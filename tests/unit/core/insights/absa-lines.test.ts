import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { absaLines } from '../../../../core/insights/absa-lines.ts';
import { ROOT } from '../../../helpers/build-fixture.ts';
import { business } from '../../../helpers/sample-model.ts';

describe('absaLines', () => {
  it('looks up an aspect that is neither an offset term nor an inventory id as a term in the text', () => {
    const { lines } = absaLines(JSON.stringify({ id: 1, text: 'The gutters look great.', aspect: 'gutters' }), business, 'polarity');
    expect(lines).toEqual(['{"id":1,"polarity":"positive"}']);
  });
  it('classifies the own roofing examples at 90% or better (regression guard)', () => {
    const text = readFileSync(join(ROOT, 'tests/fixtures/insights/roofing-dev.jsonl'), 'utf8');
    const gold = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { polarity: string });
    const { lines } = absaLines(text, business, 'polarity');
    const correct = lines.filter((l, i) => JSON.parse(l).polarity === gold[i]!.polarity).length;
    expect(correct / gold.length).toBeGreaterThanOrEqual(0.9);
  });
});
