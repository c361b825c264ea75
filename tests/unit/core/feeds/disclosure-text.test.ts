import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { disclosureSentences } from '../../../../core/feeds/disclosure-text.ts';
import { RELATIONSHIPS } from '../../../../core/schemas/disclosure-schema.ts';

const WIDGET = resolve(import.meta.dirname, '../../../../site/widget/shingle-reviews.ts');

describe('disclosureSentences', () => {
  it('states a connection and an incentive, the incentive without its own full stop', () => {
    expect(disclosureSentences({ relationship: 'relative', incentive: 'a $25 gift card. ' })).toEqual([
      'Disclosure: the reviewer is a relative of someone at the business.',
      'Disclosure: the reviewer was offered a $25 gift card.',
    ]);
    expect(disclosureSentences({})).toEqual([]);
    // Dots alone (the schema takes any text of one character or more): said as written, never left out.
    expect(disclosureSentences({ incentive: '...' })).toEqual(['Disclosure: the reviewer was offered ....']);
  });

  it('says what the widget says in English, for every connection (the widget imports nothing at run time: its own words)', () => {
    const widget = readFileSync(WIDGET, 'utf8');
    for (const relationship of RELATIONSHIPS) {
      const [sentence] = disclosureSentences({ relationship });
      expect(widget).toContain(`${relationship}: '${sentence}'`);
    }
    const [offered] = disclosureSentences({ incentive: '{i}' });
    expect(widget).toContain(`incentive: '${offered}'`);
  });
});
