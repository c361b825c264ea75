import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Polarity } from '../../core/schemas/insights-schema.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import { addDays } from '../../core/model/calendar.ts';
import type { Random } from '../../core/random/create-random.ts';
import { pick, pickWeighted } from './random.ts';
import { BACKGROUND, CLOSERS, COMPLAINTS, FACTS, PRAISE, WEEKDAYS, type Phrase } from './review-phrases.ts';

const FIRST = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Elizabeth',
  'William',
  'Susan',
  'Carlos',
  'Aisha',
  'Wei',
  'Olga',
  'Noah',
  'Emma',
  'Liam',
  'Sofia',
  'Ethan',
  'Chloé',
  'José',
];
const INITIALS = 'ABCDEFGHJKLMNPRSTVW'.split('');
const PLATFORMS = ['google', 'google', 'google', 'yelp', 'facebook', 'bbb', 'angi', 'nextdoor'] as const;
const AMOUNTS = ['$300', '$450', '$800', '$1,200', '$2,000'];

/** What the generator knows about one review: each sentence and the aspect opinions it expresses. */
export interface ReviewTruth {
  id: string;
  sentences: { text: string; labels: { aspect: string; polarity: Polarity }[] }[];
}

function fill(rnd: Random, phrase: Phrase, business: BusinessConfig): string {
  return phrase.text
    .replace('{tech}', () => (business.technicians.length ? pick(rnd, business.technicians).name : 'The foreman'))
    .replace('{town}', () => (business.serviceAreas.length ? pick(rnd, business.serviceAreas).name : 'town'))
    .replace('{service}', () => (business.services.length ? pick(rnd, business.services).name.toLowerCase() : 'a repair'))
    .replace('{n}', () => pick(rnd, ['two', 'three']))
    .replace('{amount}', () => pick(rnd, AMOUNTS))
    .replace('{weekday}', () => pick(rnd, WEEKDAYS));
}

/** Picks `k` different phrases, so a review never repeats a sentence. */
function distinct(rnd: Random, bank: readonly Phrase[], k: number): Phrase[] {
  const out: Phrase[] = [];
  while (out.length < Math.min(k, bank.length)) {
    const x = pick(rnd, bank);
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/**
 * One synthetic review and its truth. The text is a short story: sometimes background ("We hired
 * them for roof repair in Loveland."), one to three opinions whose mix follows the star rating,
 * sometimes a plain fact, sometimes a verdict. Only the aspects the business has are used.
 */
export function generateReview(rnd: Random, business: BusinessConfig, index: number, date: string): { record: ReviewRecord; truth: ReviewTruth } {
  const rating = [5, 4, 3, 2, 1][pickWeighted(rnd, [68, 13, 6, 6, 7])]!;
  const known = new Set(business.aspects.map((a) => a.id as string));
  const usable = (bank: readonly Phrase[]) => bank.filter((x) => Object.keys(x.labels).every((a) => known.has(a)));
  const parts: Phrase[] = [];
  if (rnd() >= 0.05) {
    if (rnd() < 0.5) parts.push(pick(rnd, BACKGROUND));
    const opinions = 1 + Math.floor(rnd() * 3);
    const praiseShare = rating >= 4 ? 0.9 : rating === 3 ? 0.5 : 0.15;
    const praise = Array.from({ length: opinions }, () => rnd() < praiseShare).filter(Boolean).length;
    parts.push(...distinct(rnd, usable(PRAISE), praise), ...distinct(rnd, usable(COMPLAINTS), opinions - praise));
    if (rnd() < 0.2) parts.push(pick(rnd, usable(FACTS)));
    if (rnd() < 0.4)
      parts.push(
        rating >= 4 ? pick(rnd, [CLOSERS[0]!, CLOSERS[1]!, CLOSERS[3]!]) : rating <= 2 ? pick(rnd, [CLOSERS[2]!, CLOSERS[4]!]) : CLOSERS[5]!,
      );
  }
  const sentences = parts
    .filter((x) => x.text)
    .map((x) => ({ text: fill(rnd, x, business), labels: Object.entries(x.labels).map(([aspect, polarity]) => ({ aspect, polarity })) }));
  const text = sentences.map((s) => s.text).join(' ');
  const verified = rnd() > 0.02;
  const year = date.slice(0, 4);
  const id = `g-${year}-${String(index).padStart(7, '0')}`;
  const record: ReviewRecord = {
    id,
    date,
    rating,
    text,
    author: `${pick(rnd, FIRST)} ${pick(rnd, INITIALS)}.`,
    consent: true,
    source: { platform: pick(rnd, PLATFORMS) },
    language: 'en',
    verification: verified
      ? { status: 'verified', method: 'job-match', verifiedOn: addDays(date, Math.floor(rnd() * 3)) }
      : { status: 'unverified', reason: 'no matching job found' },
    ...(rnd() < 0.3 && {
      ownerReply: {
        text: rating >= 4 ? 'Thank you for the kind words!' : 'We are sorry; please call the office so we can make it right.',
        date: addDays(date, 1 + Math.floor(rnd() * 5)),
      },
    }),
    photos: [],
  };
  return { record, truth: { id, sentences } };
}

/**
 * `count` reviews with their truth, spread evenly over `years` years ending at `endDate`, in date
 * order. Technicians and services are left out so the build's extraction fills them, as for real content.
 */
export function* generateReviewsWithTruth(
  rnd: Random,
  business: BusinessConfig,
  count: number,
  endDate: string,
  years = 6,
): Generator<{ record: ReviewRecord; truth: ReviewTruth }> {
  const span = years * 365;
  for (let i = 0; i < count; i++) {
    const day = Math.floor(((i + rnd()) * span) / count);
    yield generateReview(rnd, business, i + 1, addDays(endDate, day - span + 1));
  }
}

/** The reviews alone (benchmarks). */
export function* generateReviews(rnd: Random, business: BusinessConfig, count: number, endDate: string, years = 6): Generator<ReviewRecord> {
  for (const { record } of generateReviewsWithTruth(rnd, business, count, endDate, years)) yield record;
}
