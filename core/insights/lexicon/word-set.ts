/**
 * The lexicon's word-set helper: a whitespace-separated list written as a template string, read
 * into a set. Word lists are declared with it here in lexicon/ only (lint: eslint.config.js).
 */
export const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));
