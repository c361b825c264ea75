/**
 * The lint rule that keeps the insights engine's word lists in core/insights/lexicon/: a file planted
 * in the rules with each kind of word list fails, the same text planted in lexicon/ passes, and sets
 * that are no word lists (numbers, spreads of other sets, computed ids) pass. Runs the project's real
 * ESLint config on planted text (lintText with a file path; nothing is written).
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const RULE = 'no-restricted-syntax';
// The cycle rule would follow the planted file's imports; this test asks only about word lists.
const eslint = new ESLint({ cwd: ROOT, ignore: false, overrideConfig: { rules: { 'house/no-import-cycle': 'off' } } });

/** Lines of the planted text that break the word-list rule when linted as the file at `path`. */
async function wordListLines(text: string, path: string): Promise<number[]> {
  const [result] = await eslint.lintText(text, { filePath: resolve(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === RULE && m.message.includes('core/insights/lexicon/')).map((m) => m.line);
}

const WORD_LISTS = [
  "import { set } from './lexicon/word-set.ts';",
  "export const A = new Set(['late', 'slow']);",
  'export const B = new Set(`late slow`.split(/\\s+/));',
  'export const C = set(`late slow`);',
  "export const D = new Set([...A, 'tardy']);",
  "export const E = set('late slow');",
  'export const F = /\\b(late|slow|tardy)\\b/i;',
  "export const G = (w: string) => ['late', 'slow'].includes(w);",
  "export const H = new Map([['late', -1], ['slow', -1]]);",
  'export const I = /\\b(\\d+|one|two|three)[ -]days?\\b/;',
].join('\n');

const NOT_WORD_LISTS = [
  'const ids: string[] = [];',
  'export const A = new Set([1, 2, 3]);',
  'export const B = new Set<string>();',
  'export const C = [...new Set([...ids, ...ids])];',
  'export const D = new Set(ids.map((id) => id.toLowerCase()));',
  'const settle = (v: number): number => v;',
  'export const E = settle(0);',
  'export const F = /(ier|iest|er|est)$/;',
  'export const G = /\\b(lifetime|life-time)\\b/;',
  'export const H = (n: number) => [1, 2, 3].includes(n);',
  'export const I = new Map([[1, 2]]);',
].join('\n');

describe('insights word lists live in lexicon/', { timeout: 60_000 }, () => {
  it('a word list planted in the rules fails, once per list', async () => {
    expect(await wordListLines(WORD_LISTS, 'core/insights/internal/planted-rule.ts')).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await wordListLines(WORD_LISTS, 'core/insights/planted.ts')).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('the same lists in core/insights/lexicon/ pass', async () => {
    const text = WORD_LISTS.replace('./lexicon/word-set.ts', './word-set.ts');
    expect(await wordListLines(text, 'core/insights/lexicon/planted-words.ts')).toEqual([]);
  });
  it('sets that are no word lists pass', async () => {
    expect(await wordListLines(NOT_WORD_LISTS, 'core/insights/planted.ts')).toEqual([]);
  });
  it('the engine as shipped has no word list outside lexicon/', async () => {
    const results = await eslint.lintFiles([resolve(ROOT, 'core/insights/**/*.ts')]);
    const stray = results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}:${m.line}`));
    expect(stray).toEqual([]);
  });
});
