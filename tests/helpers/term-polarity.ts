import { classifyTerm } from '../../core/insights/classify-aspect.ts';
import { RULES_ONLY } from '../../core/insights/model/absa-model.ts';

/**
 * The polarity the rule layer (no learned model) gives `term` at its first occurrence in `text`; throws when the
 * text does not contain it, so a typo in a test case fails instead of testing nothing.
 */
export function termPolarity(text: string, term: string): ReturnType<typeof classifyTerm> {
  const from = text.indexOf(term);
  if (from < 0) throw new Error(`"${term}" not in "${text}"`);
  return classifyTerm(text, from, from + term.length, { model: RULES_ONLY });
}
