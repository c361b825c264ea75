import { describe, expect, it } from 'vitest';
import { maskReplyNames, maskSurnames } from '../../../../core/model/mask-reply-names.ts';

const bill = { author: 'Bill C.' };
const billShown = { author: 'Bill C.', consent: true };

describe('owner replies at publish: a surname the content knows by its initial only', () => {
  it('masks a word with the last initial after a title, consent or not, keeping the title', () => {
    expect(maskReplyNames('Thanks Mr. Cooper!', bill)).toBe('Thanks Mr. C.!');
    expect(maskReplyNames('Thanks Mr. Cooper!', billShown)).toBe('Thanks Mr. C.!');
    expect(maskReplyNames('Thanks Mrs. Martinez', { author: 'Rhonda M.', consent: true })).toBe('Thanks Mrs. M.');
    expect(maskReplyNames('Thanks Mrs. Martinez', { author: 'Rhonda M.' })).toBe('Thanks Mrs. M.');
    expect(maskReplyNames('Thanks Ms Cooper, Dr. Cooper, Miss Cooper and Mx. Cooper.', billShown)).toBe('Thanks Ms C., Dr. C., Miss C. and Mx. C.');
    expect(maskReplyNames('Thanks mr. cooper', billShown)).toBe('Thanks mr. C.');
    expect(maskReplyNames("Mr. Cooper's roof is done.", billShown)).toBe("Mr. C.'s roof is done.");
    // A reviewer stored with a title alone.
    expect(maskReplyNames('Thanks Mr. Smith', { author: 'Mr. S.', consent: true })).toBe('Thanks Mr. S.');
    expect(maskReplyNames('Thanks Mr. Smith', { author: 'Mr. S.' })).toBe('Thanks Mr. S.');
  });

  it('masks "the X family" and "X household"', () => {
    expect(maskReplyNames('Dear Cooper family', billShown)).toBe('Dear C. family');
    expect(maskReplyNames('Dear Cooper family', bill)).toBe('Dear C. family');
    expect(maskReplyNames('Thanks to the whole Cooper household.', billShown)).toBe('Thanks to the whole C. household.');
    expect(maskReplyNames("The Cooper family's new roof", billShown)).toBe("The C. family's new roof");
    // Lower case before "family" is an ordinary word.
    expect(maskReplyNames('Thanks to the caring family at our office', billShown)).toBe('Thanks to the caring family at our office');
  });

  it('masks the surname after the first name, with consent too', () => {
    expect(maskReplyNames('Thank you William Carter!', billShown)).toBe('Thank you William C.!');
    expect(maskReplyNames('Thank you Bill Carter!', bill)).toBe('Thank you B. C.!');
    // A reply stored with the initial (the import masks the surname) is not given a second period.
    expect(maskReplyNames('Thank you Bill C.!', bill)).toBe('Thank you B. C.!');
    expect(maskReplyNames('Thank you Bill C.!', billShown)).toBe('Thank you Bill C.!');
  });

  it('leaves a word with another initial, or with no title or family, as it is', () => {
    expect(maskReplyNames('Thanks Mr. Davis!', billShown)).toBe('Thanks Mr. Davis!');
    expect(maskReplyNames('Carter Roofing thanks you, Bill!', billShown)).toBe('Carter Roofing thanks you, Bill!');
    expect(maskReplyNames('Thanks Mr. Cooper!', { author: 'Anonymous' })).toBe('Thanks Mr. Cooper!');
    expect(maskReplyNames('Thanks Mr. Cooper!', { author: 'Bill', consent: true })).toBe('Thanks Mr. Cooper!');
  });
});

describe('owner replies: surname parts given', () => {
  it('masks surname parts given to it, and lower-case ones only when named as a surname', () => {
    expect(maskSurnames('Dear Cooper-Smith family', ['Cooper-Smith'])).toBe('Dear C.-S. family');
    expect(maskSurnames('Thanks Mr. Smith', ['Cooper-Smith'])).toBe('Thanks Mr. S.');
    expect(maskSurnames('We will be there; Mr. will', ['Will'])).toBe('We will be there; Mr. W.');
    expect(maskSurnames('Thanks Mr. M', ['M'])).toBe('Thanks Mr. M');
    expect(maskSurnames('Thanks!', [])).toBe('Thanks!');
  });
});
