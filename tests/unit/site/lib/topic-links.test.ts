import { describe, expect, it } from 'vitest';
import { topicLinks } from '../../../../site/lib/topic-links.ts';
import { review } from '../../../helpers/published-review.ts';

const reviews = [
  'The vent over the kitchen leaked until they replaced it.',
  'A new ridge vent and the snow stays off.',
  'The event went well; they eventually came back for the snow guards.',
  'Snow slid off the new metal roof, no leaks.',
  'The leaks stopped; the skylight is dry.',
].map((text, i) => review(`t-${i}`, `2025-0${i + 1}-01`, 5, text));

describe('topicLinks', () => {
  it('counts what each link finds, most found first, equal counts in the order given', () => {
    expect(topicLinks(['skylight', 'leak', 'snow', 'roof'], reviews)).toEqual([
      { phrase: 'leak', count: 3 }, // "leaked", "leaks": the same word, found at a word's start
      { phrase: 'snow', count: 3 },
      { phrase: 'skylight', count: 1 },
      { phrase: 'roof', count: 1 },
    ]);
  });

  it('counts a phrase inside other words as the search finds it ("storm" in "hailstorm" belongs)', () => {
    expect(topicLinks(['vent', 'skylight', 'snow'], reviews)).toEqual([
      { phrase: 'vent', count: 3 }, // "vent" twice, "event" once: what the link finds
      { phrase: 'snow', count: 3 },
      { phrase: 'skylight', count: 1 },
    ]);
  });
});
