import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../../../core/insights/aspect-lexicon.ts';
import { findDurations } from '../../../../core/insights/find-durations.ts';
import { review } from '../../../helpers/published-review.ts';
import { business } from '../../../helpers/sample-model.ts';

const lexicon = compileAspectLexicon(business);
const days = (text: string) => findDurations(analyzeReview(review('d-1', '2025-05-01', 4, text), business, lexicon)).map((d) => d.days);

describe('findDurations: how long the job took, and nothing else', () => {
  it('reads a stated job length', () => {
    expect(days('They tore off and replaced the whole roof in one day.')).toEqual([1]);
    expect(days('The job took two days from start to finish.')).toEqual([2]);
  });

  // Each of these was counted in the sample's replacement-length answer (a helper reading it as an owner, 2026-11-27).
  it.each([
    ['It also took two weeks to get a reply to my email about the roof.', 'a wait for an answer'],
    ['They moved us up a day when another job cancelled, and the roof was done by Friday.', 'a date moved'],
    ['It took a little longer than the one day they estimated, but the roof looks great.', 'a length compared with another'],
    ['The new roof took two days longer than the crew said it would.', 'a comparison'],
    ['Nobody called us back for a week after the roof was finished.', 'a call back'],
  ])('leaves out "%s" (%s)', (text) => {
    expect(days(text)).toEqual([]);
  });
});
