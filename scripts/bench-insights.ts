/**
 * Bench of the insights engine: `node scripts/bench-insights.ts [COUNT]` (default 100000) builds
 * COUNT synthetic reviews from sentence templates over the sample business, runs buildInsights
 * once and prints the time and the process's peak resident memory. Target (issue 6): < 60 s for
 * 100k reviews on a 2-core machine. The generator is seeded, so every run reads the same reviews.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBusiness } from '../core/content/parse-content.ts';
import { buildInsights } from '../core/insights/build-insights.ts';
import { extractMentions } from '../core/insights/extract-mentions.ts';
import type { BusinessConfig } from '../core/schemas/business-schema.ts';
import { createRandom } from '../core/random/create-random.ts';
import { InsightsDocumentSchema } from '../core/schemas/insights-schema.ts';
import type { Review } from '../core/schemas/review-schema.ts';

/** Runs buildInsights once over `reviews`; wall time and the process's peak RSS so far. */
export function benchInsights(reviews: Review[], business: BusinessConfig): { ms: number; peakRssMb: number } {
  const start = performance.now();
  const doc = buildInsights({ business, reviews });
  const ms = performance.now() - start;
  InsightsDocumentSchema.omit({ moderation: true }).parse(doc); // a bench of a broken document would measure nothing (the site model adds moderation)
  return { ms: Math.round(ms), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
}

const OPENERS = [
  '{T} and his crew replaced our roof after the {Y} hail.',
  'We called about a leak over the kitchen.',
  'Needed a new roof before selling the house.',
  '{T} came out to inspect the storm damage.',
  'Our gutters were overflowing every time it rained.',
  'The skylight in the bathroom started dripping.',
  'Hail damage all over the north side, so we called {B}.',
  'Got three quotes and went with them.',
];
const PRAISE = [
  'The crew showed up on time every day.',
  'Cleanup was spotless, they ran a magnet over the whole yard.',
  '{T} explained everything and kept us informed.',
  'The price matched the quote exactly, no surprises.',
  'They handled the insurance claim from start to finish.',
  'No leaks since, even after two big storms.',
  'Very professional and polite crew.',
  'They finished the whole roof in one day.',
  'The roof looks amazing and the flashing is perfect.',
  '{T} came back the next week to fix a drip edge at no charge.',
  'Priya made the adjuster meeting painless.',
  'Highly recommend {B}!',
];
const COMPLAINTS = [
  'We found nails in the driveway for a week.',
  'Nobody called us back for days.',
  'The final invoice was higher than the quote.',
  'They were two weeks late starting the job.',
  'The leak came back after the first heavy rain.',
  'One of the guys was rude to my wife.',
  'The dumpster sat in our driveway for ten days.',
  'It would have been nice to get a call before they showed up.',
  'The gutters were installed crooked.',
  'They never came back to finish the trim.',
];
const CLOSERS = [
  'Would hire them again.',
  'Overall a good experience.',
  'Not perfect, but the roof is solid.',
  'Three stars because of the delays.',
  'I would not use them again.',
  '',
];

/** `count` published-shape reviews spread over five years, about 6% rating-only. */
export function syntheticReviews(count: number, business: BusinessConfig, seed = 42): Review[] {
  // The project's one PRNG: the same seed reads the same reviews every run.
  const rand = createRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const reviews: Review[] = [];
  for (let i = 0; i < count; i++) {
    const tech = pick(business.technicians);
    const year = 2021 + Math.floor(rand() * 5);
    const date = `${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    const bad = rand() < 0.25;
    const fill = (s: string): string => s.replace('{T}', tech.name).replace('{Y}', String(year)).replace('{B}', business.name);
    const sentences = [
      pick(OPENERS),
      ...Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(bad && rand() < 0.7 ? COMPLAINTS : PRAISE)),
      pick(CLOSERS),
    ];
    const text = rand() < 0.06 ? '' : sentences.map(fill).filter(Boolean).join(' ');
    const found = extractMentions(text, business);
    const area = pick(business.serviceAreas);
    reviews.push({
      id: `b-${String(i).padStart(6, '0')}`,
      date,
      rating: bad ? 1 + Math.floor(rand() * 3) : 4 + Math.floor(rand() * 2),
      text,
      author: 'Sam T.',
      source: { platform: 'google' },
      language: 'en',
      url: `https://example.com/reviews/b-${i}`,
      verification: { status: 'verified', method: 'job-match', verifiedOn: date },
      technicians: found.technicians.map((id) => ({ id, name: business.technicians.find((t) => t.id === id)!.name })),
      services: found.services.map((id) => ({ id, name: business.services.find((s) => s.id === id)!.name })),
      serviceArea: { id: area.id, name: area.name },
      photos: [],
    });
  }
  return reviews;
}

/**
 * The insights row of `npm run bench`: builds `count` synthetic reviews over content/business.json
 * and times buildInsights on them.
 */
export async function runInsightsBench(count = 100_000): Promise<Record<string, string | number>[]> {
  const path = join(resolve(import.meta.dirname, '..'), 'content/business.json');
  const business = parseBusiness({ path, text: readFileSync(path, 'utf8') });
  const reviews = syntheticReviews(count, business);
  const { ms, peakRssMb } = benchInsights(reviews, business);
  return [{ reviews: count, 'buildInsights ms': ms, 'µs/review': Math.round((ms * 1000) / count), 'peak RSS MB': peakRssMb, target: '< 60000 ms' }];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [row] = await runInsightsBench(Number(process.argv[2] ?? 100_000));
  console.log(
    Object.entries(row!)
      .map(([k, v]) => `${k}: ${v}`)
      .join('   '),
  );
}
