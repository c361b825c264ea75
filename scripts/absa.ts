/**
 * Aspect-polarity CLI (issue 6):
 *   npm run --silent absa -- FILE.jsonl            {"id","text","aspect","from","to"} → {"id","polarity"}
 *   npm run --silent absa -- --detect FILE.jsonl   {"id","text"} → {"id","aspects":[{"aspect","polarity"}]}
 * A line may add its review's star rating ("rating" or "stars", 1–5): read as the build reads a review's sentences.
 * stdout carries only the result lines; the content folder line and problems go to stderr, with exit
 * code 1 (bad input) or 2 (bad usage). The aspect lexicon is read from the content folder's
 * business.json (CONTENT_DIR, from the environment or .env).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentError } from '../core/content/content-error.ts';
import { parseBusiness } from '../core/content/parse-content.ts';
import { absaLines } from '../core/insights/absa-lines.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { defineCommand, runMain } from './lib/cli.ts';

const cli = defineCommand({
  usage: 'usage: npm run --silent absa -- [--detect] FILE.jsonl',
  options: { detect: { type: 'boolean' } },
  positionals: [1, 1],
  positionalNames: ['FILE.jsonl'],
});
const { values, positionals } = cli.parse(process.argv.slice(2).filter((a) => a !== '--'));
const contentDir = contentDirFromEnv();
process.stderr.write(`${contentLine('absa', contentDir)}\n`);
await runMain(() => {
  const businessPath = join(contentDir, 'business.json');
  const business = parseBusiness({ path: businessPath, text: readFileSync(businessPath, 'utf8') });
  const file = positionals[0]!;
  const { lines, errors } = absaLines(readFileSync(file, 'utf8'), business, values.detect ? 'detect' : 'polarity');
  if (errors.length) throw new ContentError(errors.map((message) => ({ file, message })));
  if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
});
