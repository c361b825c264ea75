/**
 * Turns the widget's TypeScript (site/widget/shingle-reviews.ts) into /widget.js: Node's own type
 * stripping (no bundler: the widget imports nothing), then comment lines and indentation dropped.
 * Also the budget check the build runs on the result, and the measurement the bench prints.
 */
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const SOURCE = join(resolve(import.meta.dirname, '..', '..'), 'site', 'widget', 'shingle-reviews.ts');
/** The budget: under 8 KB gzipped. */
export const WIDGET_GZIP_BUDGET = 8 * 1024;

/** The JavaScript of /widget.js. Deterministic: same source, same bytes. */
export function compileWidget(source = readFileSync(SOURCE, 'utf8')): string {
  // Node flags stripTypeScriptTypes as experimental and says so on stderr on every build; the
  // output is checked by the build (checkWidgetScript) and the browser tests, so that note is muted.
  const emitWarning = process.emitWarning;
  process.emitWarning = () => {};
  let js: string;
  try {
    js = stripTypeScriptTypes(source, { mode: 'strip' });
  } finally {
    process.emitWarning = emitWarning;
  }
  const lines: string[] = [];
  let inBlockComment = false;
  for (const raw of js.split('\n')) {
    const line = raw.trim();
    // Only whole-line comments are dropped (the source keeps comments on their own lines), so no
    // string or template literal is ever touched.
    if (inBlockComment) {
      if (line.endsWith('*/')) inBlockComment = false;
      continue;
    }
    if (line.startsWith('/*')) {
      if (!line.endsWith('*/')) inBlockComment = true;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** Sizes of the compiled widget: identity, gzip (level 9, as the build) and brotli. */
export function widgetSizes(js = compileWidget()): { bytes: number; gzip: number; br: number } {
  const buf = Buffer.from(js);
  return {
    bytes: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** Build check: strict-CSP-safe constructs only, and under the size budget. */
export function checkWidgetScript(js: string, gzipBytes: number): string[] {
  const problems: string[] = [];
  if (gzipBytes >= WIDGET_GZIP_BUDGET) problems.push(`${gzipBytes} bytes gzipped, over the ${WIDGET_GZIP_BUDGET}-byte budget`);
  for (const [pattern, what] of [
    [/\beval\s*\(|new Function\s*\(/, 'eval or new Function (blocked by a strict CSP)'],
    [/\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML/, 'HTML parsing from strings'],
    [/setAttribute\(\s*['"]style['"]/, 'inline style attributes (blocked by a strict CSP)'],
    [/document\.cookie|localStorage|sessionStorage/, 'client-side storage'],
  ] as const) {
    if (pattern.test(js)) problems.push(`uses ${what}`);
  }
  return problems;
}

if (import.meta.main) {
  const sizes = widgetSizes();
  console.log(`widget.js: ${sizes.bytes} bytes, ${sizes.gzip} gzip, ${sizes.br} brotli (budget ${WIDGET_GZIP_BUDGET} gzip)`);
}
