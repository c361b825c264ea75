import { areNameVariants } from './nicknames.ts';
import type { PersonName } from './person-name.ts';

/** How well a reviewer's name fits a customer's, with the reasons in words; null when they cannot be one person. */
export interface NameFit {
  score: number;
  why: string[];
}

/**
 * Compares the reviewer's name (usually "Rhonda M.") with the customer's on the job ("Rhonda Martinez").
 * Given names: equal 3, nickname variants ("Bill"/"William") 2, an initial that fits 1. Surnames: equal 3,
 * an initial that fits 2, absent on either side 0. Any part that contradicts rules the pair out.
 */
export function compareNames(reviewer: PersonName, customer: PersonName): NameFit | null {
  const why: string[] = [];
  let score = 0;
  if (reviewer.firstIsInitial || customer.firstIsInitial) {
    if (reviewer.first[0] !== customer.first[0]) return null;
    score += 1;
    why.push(`first initial ${reviewer.first[0]!.toUpperCase()}`);
  } else if (reviewer.first === customer.first) {
    score += 3;
    why.push(`same first name (${reviewer.first})`);
  } else if (areNameVariants(reviewer.first, customer.first)) {
    score += 2;
    why.push(`${reviewer.first} is a nickname of ${customer.first}`);
  } else return null;
  if (reviewer.last === '' || customer.last === '') return { score, why: [...why, 'no surname to compare'] };
  if (reviewer.lastIsInitial || customer.lastIsInitial) {
    if (reviewer.last[0] !== customer.last[0]) return null;
    return { score: score + 2, why: [...why, `last initial ${reviewer.last[0]!.toUpperCase()} fits`] };
  }
  if (reviewer.last !== customer.last) return null;
  return { score: score + 3, why: [...why, 'same surname'] };
}
