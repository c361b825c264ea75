// @ts-check
/**
 * ESLint rule `house/no-import-cycle`: no module may reach itself again through static imports — value
 * imports and type-only imports (`import type`, `export type … from`) alike. `import-x/no-cycle` skips
 * type-only imports and has no option to count them, yet a type-only cycle still ties two modules into one
 * (neither can move or be read alone), so this rule replaces it. Dynamic `import()` is not followed: a lazy
 * import is the deliberate way to load a module on demand.
 *
 * Plain JavaScript on purpose: ESLint loads its config with Node's own loader, which reads no TypeScript.
 * Other files are parsed with TypeScript's parser (top-level statements only) and cached by modification time.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** @type {Map<string, { mtimeMs: number; imports: string[] }>} */
const importCache = new Map();

/** The file a relative specifier names, or null for packages and files that do not exist. */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const path = resolve(dirname(fromFile), specifier);
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

/** Source files (.ts/.js/.mjs) a file imports statically, by absolute path; cached while its mtime holds. */
function staticImportsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  /** @type {string[]} */
  const imports = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : null;
    const target = specifier === null ? null : resolveRelative(file, specifier);
    if (target !== null && /\.(ts|js|mjs)$/.test(target)) imports.push(target);
  }
  importCache.set(file, { mtimeMs, imports });
  return imports;
}

/**
 * A chain of files from `start` back to `target` (breadth-first, so the shortest), or null when there is none.
 * @param {string} start @param {string} target
 */
function chainBack(start, target) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const next of staticImportsOf(file)) {
      if (next === target) {
        const chain = [file];
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid static import cycles, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{chain}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    const cwd = context.cwd;
    /** @param {import('estree').ImportDeclaration | import('estree').ExportNamedDeclaration | import('estree').ExportAllDeclaration} node */
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveRelative(file, node.source.value);
      if (target === null || target === file) return;
      const chain = chainBack(target, file);
      if (chain === null) return;
      const names = [file, ...chain, file].map((path) => relative(cwd, path));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The house's own ESLint plugin: rules no published plugin offers. */
export const housePlugin = { rules: { 'no-import-cycle': noImportCycle } };
