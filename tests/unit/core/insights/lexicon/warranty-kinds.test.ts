import { describe, expect, it } from 'vitest';
import { WARRANTY_KINDS } from '../../../../../core/insights/lexicon/fact-patterns.ts';

const kindOf = (sentence: string) => WARRANTY_KINDS.find(([re]) => re.test(sentence))?.[1] ?? null;

describe('WARRANTY_KINDS: a kind only where its word names the warranty', () => {
  it('reads the kind right before the warranty, or right after "warranty on" / "covering"', () => {
    expect(kindOf('They gave us a 50-year shingle warranty.')).toBe('manufacturer');
    expect(kindOf("The GAF's warranty is registered.")).toBe('manufacturer');
    expect(kindOf("It came with the manufacturer's warranty.")).toBe('manufacturer');
    expect(kindOf('A 10-year workmanship warranty.')).toBe('workmanship');
    expect(kindOf('The warranty on labor is ten years.')).toBe('workmanship');
    expect(kindOf('A guarantee covering the materials for life.')).toBe('manufacturer');
  });

  it('reads no kind from a kind word elsewhere in the sentence', () => {
    for (const sentence of [
      'When a shingle lifted last winter, they came out under warranty.',
      'They replaced two shingles under warranty.',
      'Their warranty for a leaking shingle was honored right away.',
      'Great installation, great warranty.',
      'A year after installation the warranty covered a small leak.',
    ])
      expect(kindOf(sentence), sentence).toBeNull();
  });
});
