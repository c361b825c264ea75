import { once } from 'node:events';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBusiness } from '../../core/content/parse-content.ts';
import { createRandom } from '../../core/random/create-random.ts';
import { generateReviewsWithTruth } from './generate-reviews.ts';
import type { Progress } from './progress.ts';

/**
 * Writes a content folder of `count` synthetic reviews (seeded: the same seed gives the same files) with
 * `from`'s business.json, and truth.jsonl beside the reviews (what `npm run eval` compares with). Used by
 * `npm run generate` and the benches' datasets.
 */
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
