/**
 * Aspect-polarity CLI (issue 6):
 *   npm run --silent absa -- FILE.jsonl            {"id","text","aspect","from","to"} → {"id","polarity"}
 *   npm run --silent absa -- --detect FILE.jsonl   {"id","text"} → {"id","aspects":[{"aspect","polarity"}]}
 * stdout carries only the result lines; problems go to stderr with exit code 1 (bad input) or 2
 * (bad usage). The aspect lexicon is read from the content folder's business.json (CONTENT_DIR).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseBusiness } from '../core/content/parse-content.ts';
import { absaLines } from '../core/insights/absa-lines.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const detect = args.includes('--detect');
const files = args.filter((a) => !a.startsWith('--'));
if (files.length !== 1 || args.includes('--help')) {
  process.stderr.write('usage: npm run --silent absa -- [--detect] FILE.jsonl\n');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '..');
const businessPath = join(process.env.CONTENT_DIR ? resolve(process.env.CONTENT_DIR) : join(root, 'content'), 'business.json');
try {
  const business = parseBusiness({ path: businessPath, text: readFileSync(businessPath, 'utf8') });
  const { lines, errors } = absaLines(readFileSync(files[0]!, 'utf8'), business, detect ? 'detect' : 'polarity');
  if (errors.length) {
    process.stderr.write(`${files[0]}:\n${errors.map((e) => `  ${e}`).join('\n')}\n`);
    process.exit(1);
  }
  if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
} catch (e) {
  process.stderr.write(`absa: ${(e as Error).message}\n`);
  process.exit(1);
}
