import { describe, expect, it } from 'vitest';
import { classifyAspect, detectAspects } from '../../../../core/insights/classify-aspect.ts';
import { RULES_ONLY } from '../../../../core/insights/model/absa-model.ts';
import { lexicon } from '../../../helpers/sample-model.ts';
import { termPolarity } from '../../../helpers/term-polarity.ts';

// These tests guard the rule layer (the learned layers are measured by `npm run eval`).
describe('negation scope', () => {
  it.each([
    ['The flashing was not installed properly.', 'installed', 'negative'],
    ['No leaks since they replaced the roof.', 'leaks', 'positive'],
    ['We have not had a single leak since.', 'leak', 'positive'],
    ['Not a single nail left in the driveway.', 'nail', 'positive'],
    ['Zero nails in the driveway.', 'nails', 'positive'],
    ['They were not on time even once.', 'on time', 'negative'],
    ['Nobody called us back for two weeks.', 'called us back', 'negative'],
    ["They didn't clean up the shingle scraps.", 'clean up', 'negative'],
    ['Would not recommend them to anyone.', 'recommend', 'negative'],
    ["I wouldn't hesitate to recommend their crew.", 'crew', 'positive'],
    ["I couldn't be happier with the new roof.", 'roof', 'positive'],
    ["Can't recommend Marco's crew enough.", 'crew', 'positive'],
    ['Not one surprise on the bill.', 'bill', 'positive'],
  ] as const)('%s → %s is %s', (text, term, polarity) => expect(termPolarity(text, term)).toBe(polarity));

  it('ends at punctuation: a negator does not reach into the next clause', () => {
    expect(termPolarity('Not cheap, but the crew was excellent.', 'crew')).toBe('positive');
  });
});

describe('contrast', () => {
  it.each([
    ['The crew was great but the cleanup was poor.', 'crew', 'positive'],
    ['The crew was great but the cleanup was poor.', 'cleanup', 'negative'],
    ['Although the crew was friendly, the cleanup was a mess.', 'crew', 'positive'],
    ['Although the crew was friendly, the cleanup was a mess.', 'cleanup', 'negative'],
    ['Great crew but the office was disorganized.', 'office', 'negative'],
    // A contrast clause without its own subject continues the target's: the part after "but" wins.
    ['The crew was fast but careless.', 'crew', 'negative'],
  ] as const)('%s → %s is %s', (text, term, polarity) => expect(termPolarity(text, term)).toBe(polarity));
});

describe('domain words that are sentiment only in context', () => {
  it.each([
    ['We had a leak in the kitchen ceiling so we called them.', 'leak', 'neutral'],
    ['Tomasz found the leak and fixed it in an hour.', 'leak', 'positive'],
    ['It still leaks every time it rains.', 'leaks', 'negative'],
    ['The leak came back after the first heavy rain.', 'leak', 'negative'],
    ['We found nails in the driveway for a week.', 'nails', 'negative'],
    ['They ran a magnet over the yard and picked up every nail.', 'nail', 'positive'],
    ['They showed up on time every day.', 'on time', 'positive'],
    ['The project came in under budget.', 'budget', 'positive'],
    ['The final bill came in way over budget.', 'budget', 'negative'],
    ['Tomasz came back the next day to fix the drip edge at no charge.', 'came back', 'positive'],
    ['They never came back to finish the gutters.', 'came back', 'negative'],
    ['The crew was a no-show twice.', 'no-show', 'negative'],
    ['The quote was high.', 'quote', 'negative'],
    ['The shingles are high quality.', 'shingles', 'positive'],
    ['They replaced the hail-damaged shingles.', 'shingles', 'neutral'],
    ['We waited three weeks for someone to come out.', 'waited', 'negative'],
  ] as const)('%s → %s is %s', (text, term, polarity) => expect(termPolarity(text, term)).toBe(polarity));
});

describe('intensifiers, hedges and counterfactuals', () => {
  it('an intensifier strengthens and "too" turns a neutral adjective into a complaint', () => {
    expect(termPolarity('The crew was extremely polite.', 'crew')).toBe('positive');
    expect(termPolarity('The wait was way too long.', 'wait')).toBe('negative');
    expect(termPolarity('The quote was a bit high.', 'quote')).toBe('negative');
  });
  it('a wish or unmet expectation reports what did not happen', () => {
    expect(termPolarity('It would have been nice to get a call before they showed up.', 'call')).toBe('negative');
    expect(termPolarity('I wish they had communicated better about the schedule.', 'communicated')).toBe('negative');
    expect(termPolarity('Cleanup could have been better.', 'Cleanup')).toBe('negative');
    expect(termPolarity('For what we paid I expected a lot better cleanup.', 'cleanup')).toBe('negative');
    expect(termPolarity('The cleanup was better than expected.', 'cleanup')).toBe('positive');
  });
  it('a setback that is then overturned does not count against the aspect', () => {
    expect(termPolarity('The adjuster initially denied the claim but Priya got it reversed.', 'claim')).toBe('positive');
  });
});

describe('categories and detection', () => {
  it('classifies a category by its terms, and falls back to the whole text without them', () => {
    expect(classifyAspect('Nobody called us back and the invoice was wrong.', 'communication', lexicon, RULES_ONLY)).toBe('negative');
    expect(classifyAspect('Terrible.', 'cleanup', lexicon, RULES_ONLY)).toBe('negative');
    expect(classifyAspect('', 'cleanup', lexicon, RULES_ONLY)).toBe('neutral');
  });
  it('detects each aspect once, with its own polarity', () => {
    expect(detectAspects('The crew was great but the cleanup was poor. Price matched the quote.', lexicon, RULES_ONLY)).toEqual([
      { aspect: 'cleanup', polarity: 'negative' },
      { aspect: 'price', polarity: 'positive' },
      { aspect: 'professionalism', polarity: 'positive' },
    ]);
  });
  it('ignores a weak term without an opinion next to it, and comparisons with other companies', () => {
    expect(detectAspects('Nobody was home during the job.', lexicon, RULES_ONLY)).toEqual([]);
    expect(detectAspects('The other roofers we talked to were rude.', lexicon, RULES_ONLY)).toEqual([]);
  });
  it('reads nothing into a rating-only (empty) review', () => {
    expect(detectAspects('', lexicon, RULES_ONLY)).toEqual([]);
  });
});
