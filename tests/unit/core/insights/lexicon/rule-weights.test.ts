/**
 * The rules' numbers as data (lexicon/rule-weights.ts): a versioned table of finite numbers, one
 * negation shared by the negation rule and answered questions, and feature definitions that still
 * match the ones the shipped weights were trained with.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyAnswers } from '../../../../../core/insights/internal/answered-questions.ts';
import { N_SCALAR, negationShift } from '../../../../../core/insights/internal/negation.ts';
import { RULE_WEIGHTS } from '../../../../../core/insights/lexicon/rule-weights.ts';
import { featureFingerprint } from '../../../../../core/insights/model/feature-fingerprint.ts';
import { scoreSentence } from '../../../../../core/insights/score-sentence.ts';
import { tokenize } from '../../../../../core/insights/tokenize.ts';

const WEIGHTS = resolve(import.meta.dirname, '../../../../../core/insights/model/absa-weights.json');

/** Every number of a nested table, with its dotted path. */
function leaves(table: object, path = ''): [string, unknown][] {
  return Object.entries(table).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' ? leaves(v as object, `${path}${k}.`) : [[`${path}${k}`, v] as [string, unknown]],
  );
}

describe('RULE_WEIGHTS', () => {
  it('is a versioned table of finite numbers', () => {
    expect(Number.isInteger(RULE_WEIGHTS.version) && RULE_WEIGHTS.version >= 1).toBe(true);
    const notNumbers = leaves(RULE_WEIGHTS).filter(([, v]) => typeof v !== 'number' || !Number.isFinite(v));
    expect(notNumbers).toEqual([]);
  });

  it('keeps the feature definitions the shipped weights were trained with', () => {
    const shipped = JSON.parse(readFileSync(WEIGHTS, 'utf8')) as { features: string };
    expect(featureFingerprint()).toBe(shipped.features);
  });
});

describe('one negation', () => {
  it("negationShift turns an opinion into its negation: praise by VADER's scalar, a complaint into faint praise", () => {
    expect(2 + negationShift(2)).toBeCloseTo(2 * N_SCALAR, 12);
    expect(-2 + negationShift(-2)).toBeCloseTo(
      Math.min(2, RULE_WEIGHTS.negation.understatementBase + 2 * RULE_WEIGHTS.negation.understatementSlope),
      12,
    );
  });

  it('a "no" answer lends the question exactly the negation of what it asks', () => {
    const text = ['Was the crew friendly?', 'Not really.'];
    const [q, a] = text.map((t) => scoreSentence(tokenize(t)));
    const asked = q!.valence.reduce((sum, v) => sum + v, 0);
    expect(asked).toBeGreaterThan(0);
    applyAnswers([q!, a!]);
    expect(q!.answer).toBe(negationShift(asked));
    expect(asked + q!.answer).toBeCloseTo(asked * N_SCALAR, 12);
  });
});
