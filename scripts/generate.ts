/**
 * `npm run generate -- --count 100000 --seed 1 --out DIR [--content content]`:
 * writes a content folder of synthetic reviews (for scale tests and benchmarks; never the sample
 * content) and, beside it (not in the content), DIR/truth.jsonl: for each review its sentences and
 * the aspect opinions the generator put in them, which `npm run eval` compares with the engine.
 */
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { generateContent } from './lib/generate-content.ts';
import { defineCommand, runMain } from './lib/cli.ts';
import { createProgress } from './lib/progress.ts';

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
