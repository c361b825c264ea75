import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import { addDays } from '../../core/model/calendar.ts';
import { pick, pickWeighted, type Random } from './random.ts';

const FIRST = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Elizabeth', 'William', 'Susan', 'Carlos', 'Aisha', 'Wei', 'Olga', 'Noah', 'Emma', 'Liam', 'Sofia', 'Ethan', 'Chloé', 'José'];
const INITIALS = 'ABCDEFGHJKLMNPRSTVW'.split('');
const OPENERS = ['', 'Honestly, ', 'After the storm, ', 'We got three quotes and ', 'Second time using them: ', 'Long story short, '];
const GOOD = [
  'the crew showed up on time and finished in one day.',
  'the new roof looks great and there have been no leaks since.',
  'they cleaned up every nail with a magnet.',
  'the final bill matched the quote exactly.',
  'they handled the insurance adjuster for us.',
  'communication was excellent, with updates every morning.',
  'they came back under warranty the same week to fix a loose vent.',
  'very professional and respectful of our property.',
];
const BAD = [
  'nobody showed up on the day they promised.',
  'the ceiling stain came back after the first big rain.',
  'we found nails in the driveway for weeks.',
  'the bill was much higher than the estimate.',
  'no one called back about the warranty claim.',
  'the crew was rude to my neighbor.',
  'shingles were left in the flower beds.',
  'the insurance paperwork was a mess.',
];
const CLOSERS = ['', ' Would recommend.', ' Thanks!', ' Not happy.', ' Five stars from us.', ' We will see how it holds up.'];
const PLATFORMS = ['google', 'google', 'google', 'yelp', 'facebook', 'bbb', 'angi', 'nextdoor'] as const;

function sentence(rnd: Random, positive: boolean, business: BusinessConfig): string {
  const tech = business.technicians.length > 0 && rnd() < 0.5 ? `${pick(rnd, business.technicians).name} and the team: ` : '';
  const area = rnd() < 0.3 ? ` in ${pick(rnd, business.serviceAreas).name}` : '';
  const service = pick(rnd, business.services);
  const body = positive ? pick(rnd, GOOD) : pick(rnd, BAD);
  return `${pick(rnd, OPENERS)}${tech}${service.name.toLowerCase()}${area}, ${body}`;
}

/** One synthetic review record; text is assembled from phrase banks so search and insights have work to do. */
export function generateReview(rnd: Random, business: BusinessConfig, index: number, date: string): ReviewRecord {
  const rating = [5, 4, 3, 2, 1][pickWeighted(rnd, [68, 13, 6, 6, 7])]!;
  const sentences = rnd() < 0.05 ? 0 : 1 + Math.floor(rnd() * 4);
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) parts.push(sentence(rnd, rating >= 4 ? rnd() < 0.85 : rnd() < 0.2, business));
  const text = parts.join(' ') + (sentences > 0 ? pick(rnd, CLOSERS) : '');
  const verified = rnd() > 0.02;
  const year = date.slice(0, 4);
  return {
    id: `g-${year}-${String(index).padStart(7, '0')}`,
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
    ...(rnd() < 0.3 && { ownerReply: { text: rating >= 4 ? 'Thank you for the kind words!' : 'We are sorry; please call the office so we can make it right.', date: addDays(date, 1 + Math.floor(rnd() * 5)) } }),
    photos: [],
  };
}

/**
 * `count` reviews spread evenly over `years` years ending at `endDate`, in date order.
 * Technicians and services are left out so the build's extraction fills them, as for real content.
 */
export function* generateReviews(rnd: Random, business: BusinessConfig, count: number, endDate: string, years = 6): Generator<ReviewRecord> {
  const span = years * 365;
  for (let i = 0; i < count; i++) {
    const day = Math.floor(((i + rnd()) * span) / count);
    yield generateReview(rnd, business, i + 1, addDays(endDate, day - span + 1));
  }
}
