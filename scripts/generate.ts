/**
 * `npm run generate -- --count 100000 --seed 1 --out DIR [--content content]`:
 * writes a content folder of synthetic reviews (for scale tests and benchmarks; never the sample
 * content) and, beside it (not in the content), DIR/truth.jsonl: for each review its sentences and
 * the aspect opinions the generator put in them, which `npm run eval` compares with the engine.
 */
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { parseBusiness } from '../core/content/parse-content.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { createRandom } from './lib/random.ts';
import { generateReviewsWithTruth } from './lib/generate-reviews.ts';
import { defineCommand, runMain } from './lib/cli.ts';
import { createProgress, type Progress } from './lib/progress.ts';

export async function generateContent(opts: {
  count: number;
  seed: number;
  out: string;
  from?: string;
  endDate?: string;
  progress?: Progress;
}): Promise<void> {
  const source = opts.from ?? 'content';
  const businessText = readFileSync(join(source, 'business.json'), 'utf8');
  const business = parseBusiness({ path: join(source, 'business.json'), text: businessText });
  mkdirSync(join(opts.out, 'reviews'), { recursive: true });
  writeFileSync(join(opts.out, 'business.json'), businessText);
  const streams = new Map<string, ReturnType<typeof createWriteStream>>();
  const truth = createWriteStream(join(opts.out, 'truth.jsonl'));
  streams.set('truth', truth);
  opts.progress?.start(opts.count, 'generating reviews');
  for (const { record, truth: t } of generateReviewsWithTruth(createRandom(opts.seed), business, opts.count, opts.endDate ?? '2026-11-15')) {
    const year = record.date.slice(0, 4);
    let s = streams.get(year);
    if (!s) streams.set(year, (s = createWriteStream(join(opts.out, 'reviews', `${year}.jsonl`))));
    if (!s.write(`${JSON.stringify(record)}\n`)) await once(s, 'drain');
    if (!truth.write(`${JSON.stringify(t)}\n`)) await once(truth, 'drain');
    opts.progress?.tick();
  }
  opts.progress?.done();
  await Promise.all([...streams.values()].map((s) => new Promise((r) => s.end(r))));
}

const GENERATE_USAGE = 'usage: npm run generate -- --count N --seed S --out DIR [--content SOURCE_CONTENT_DIR] [--quiet]';

if (import.meta.main) {
  const cli = defineCommand({
    usage: GENERATE_USAGE,
    options: {
      count: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      content: { type: 'string' },
      quiet: { type: 'boolean' },
    },
  });
  const { values } = cli.parse();
  if (!values.out) cli.fail('missing --out: the folder to write the content to');
  const count = cli.int(values.count, '--count', { min: 0, max: 100_000_000 })!;
  const seed = cli.int(values.seed, '--seed')!;
  const progress = createProgress({ quiet: values.quiet ?? false });
  await runMain(async () => {
    const from = values.content ?? contentDirFromEnv();
    console.log(contentLine('generate', from));
    await generateContent({ count, seed, out: values.out!, from, progress });
    console.log(`wrote ${count} reviews (seed ${seed}) to ${values.out}`);
  });
}
