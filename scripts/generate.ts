/**
 * `npm run generate -- --count 100000 --seed 1 --out DIR [--content content]`:
 * writes a content folder of synthetic reviews (for scale tests and benchmarks; never the sample
 * content) and, beside it (not in the content), DIR/truth.jsonl: for each review its sentences and
 * the aspect opinions the generator put in them, which `npm run eval` compares with the engine.
 */
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { parseBusiness } from '../core/content/parse-content.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { createRandom } from './lib/random.ts';
import { generateReviewsWithTruth } from './lib/generate-reviews.ts';

export async function generateContent(opts: { count: number; seed: number; out: string; from?: string; endDate?: string }): Promise<void> {
  const source = opts.from ?? 'content';
  const businessText = readFileSync(join(source, 'business.json'), 'utf8');
  const business = parseBusiness({ path: join(source, 'business.json'), text: businessText });
  mkdirSync(join(opts.out, 'reviews'), { recursive: true });
  writeFileSync(join(opts.out, 'business.json'), businessText);
  const streams = new Map<string, ReturnType<typeof createWriteStream>>();
  const truth = createWriteStream(join(opts.out, 'truth.jsonl'));
  streams.set('truth', truth);
  for (const { record, truth: t } of generateReviewsWithTruth(createRandom(opts.seed), business, opts.count, opts.endDate ?? '2026-11-15')) {
    const year = record.date.slice(0, 4);
    let s = streams.get(year);
    if (!s) streams.set(year, (s = createWriteStream(join(opts.out, 'reviews', `${year}.jsonl`))));
    if (!s.write(`${JSON.stringify(record)}\n`)) await once(s, 'drain');
    if (!truth.write(`${JSON.stringify(t)}\n`)) await once(truth, 'drain');
  }
  await Promise.all([...streams.values()].map((s) => new Promise((r) => s.end(r))));
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      content: { type: 'string' },
    },
  });
  if (!values.out) {
    console.error('usage: npm run generate -- --count N --seed S --out DIR [--content SOURCE_CONTENT_DIR]');
    process.exit(2);
  }
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(seed)) {
    console.error('--count and --seed must be integers');
    process.exit(2);
  }
  const from = values.content ?? contentDirFromEnv();
  console.log(contentLine('generate', from));
  await generateContent({ count, seed, out: values.out, from });
  console.log(`wrote ${count} reviews (seed ${seed}) to ${values.out}`);
}
