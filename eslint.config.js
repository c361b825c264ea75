// @ts-check
/**
 * Lint: the layers of the house and no import cycles, type-only imports included (see README "Layout").
 *   core/     imports nothing outside core/
 *   site/     imports only core/ (and itself)
 *   sidecar/  imports only core/ (and itself)
 *   scripts/  may import core/, site/, sidecar/ — never tests/
 * Formatting is Biome's job (`biome format .` in `npm run lint`), not ESLint's.
 */
import tseslint from 'typescript-eslint';
import { housePlugin } from './scripts/lint/no-import-cycle.js';

/** `no-restricted-imports` patterns that forbid reaching into the given top-level folders. */
function forbid(folders, why) {
  return [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
          message: why,
        },
      ],
    },
  ];
}

/**
 * The insights engine's word lists live in core/insights/lexicon/, one named, commented table per concern
 * (docs/insights.md, "Lexicons and their format"). Rule code that declares its own list fails: a Set of
 * string literals, a Set of a split string, the lexicon's `set(\`…\`)` helper called outside lexicon/, a regular
 * expression with three or more word alternatives, an inline array of words asked `.includes`, or a Map keyed by words.
 */
const WORD_LIST_MESSAGE = 'A word list of the insights engine belongs in core/insights/lexicon/ (a named, commented table), not in rule code.';
const WORD_LIST_SELECTORS = [
  "NewExpression[callee.name='Set'] > ArrayExpression:has(> :matches(Literal[value=type(string)], TemplateLiteral))",
  "NewExpression[callee.name='Set'] > CallExpression[callee.property.name='split'][callee.object.type=/^(Literal|TemplateLiteral)$/]",
  "CallExpression[callee.name='set'][arguments.0.type='TemplateLiteral']",
  "CallExpression[callee.name='set'][arguments.0.value=type(string)]",
  // A regular expression with three or more word alternatives: /\b(late|slow|tardy)\b/.
  // (Suffix patterns such as /(ier|iest|er|est)$/ are no word lists: the group must follow a word boundary.)
  "Literal[regex.pattern=/\\\\b\\((\\?:)?[^)]*?[a-z'-]+\\|[a-z' -]+\\|[a-z'-]+/i]",
  // An inline array of words asked for membership: ['late', 'slow'].includes(w).
  'CallExpression[callee.property.name=/^(includes|indexOf)$/] > MemberExpression.callee > ArrayExpression.object:has(> Literal[value=type(string)])',
  // A Map keyed by words: new Map([['late', -1], …]).
  "NewExpression[callee.name='Map'] > ArrayExpression > ArrayExpression:first-child:has(> Literal:first-child[value=type(string)])",
];

// Output must not depend on the machine's language (LANG): a comparison or format without a locale follows it.
const MACHINE_LOCALE = {
  selector: "CallExpression[callee.property.name='localeCompare'][arguments.length<2]",
  message: 'localeCompare without a locale follows the machine (LANG): use byCodePoint (core/text/by-code-point.ts) or name the locale.',
};

export default tseslint.config(
  // Generated output is never linted: the build folders behind the dist/ link included (.gitignore lists the same).
  {
    ignores: [
      'dist/**',
      '.dist.builds/**',
      '.dist.link-*',
      '.dist.staging-*',
      '.tmp/**',
      'node_modules/**',
      '.astro/**',
      'data/**',
      'test-results/**',
      'bench-results/**',
      '**/*.astro',
      'tests/fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs'],
    plugins: { house: housePlugin },
    rules: {
      // Not import-x/no-cycle: it skips `import type` and has no option to count it (scripts/lint/no-import-cycle.js).
      'house/no-import-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['core/**', 'site/**', 'sidecar/**', 'scripts/**'], rules: { 'no-restricted-syntax': ['error', MACHINE_LOCALE] } },
  // Tests read arbitrary JSON off the wire; `any` there is a test's business.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  {
    files: ['core/**'],
    rules: { 'no-restricted-imports': forbid(['site', 'sidecar', 'scripts', 'tests'], 'core/ is pure: it imports nothing outside core/.') },
  },
  {
    files: ['core/insights/**'],
    ignores: ['core/insights/lexicon/**'],
    rules: {
      'no-restricted-syntax': ['error', MACHINE_LOCALE, ...WORD_LIST_SELECTORS.map((selector) => ({ selector, message: WORD_LIST_MESSAGE }))],
    },
  },
  { files: ['site/**'], rules: { 'no-restricted-imports': forbid(['sidecar', 'scripts', 'tests'], 'site/ imports only core/.') } },
  { files: ['sidecar/**'], rules: { 'no-restricted-imports': forbid(['site', 'scripts', 'tests'], 'sidecar/ imports only core/.') } },
  { files: ['scripts/**'], rules: { 'no-restricted-imports': forbid(['tests'], 'scripts/ may import core/, site/ and sidecar/, never tests/.') } },
);
