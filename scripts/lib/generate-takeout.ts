import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Random } from '../../core/random/create-random.ts';
import { pick } from './random.ts';

const FIRST = [
  'Rhonda',
  'William',
  'Grace',
  'Hector',
  'Dana',
  'Olivia',
  'Nora',
  'Ingrid',
  'Walter',
  'Carmen',
  'Priscilla',
  'Theo',
  'Marisol',
  'Desmond',
  'Yusuf',
  'Anika',
  'Bernard',
  'Lucille',
  'Quentin',
  'Rosalind',
  'Soren',
  'Tamsin',
  'Ulrich',
  'Vera',
  'Winston',
  'Ximena',
  'Yolanda',
  'Zeke',
  'Agnes',
  'Boris',
  'Celeste',
  'Dmitri',
  'Esme',
  'Fabian',
  'Gwen',
  'Horace',
  'Imogen',
  'Jasper',
  'Keiko',
  'Leopold',
  'Mabel',
  'Nikolai',
  'Ophelia',
  'Percival',
  'Rufus',
  'Sabine',
  'Tobias',
  'Ursula',
  'Viggo',
  'Wilhelmina',
];
const LAST = [
  'Martinez',
  'Thompson',
  'Liu',
  'Villanueva',
  'Whitfield',
  'Brennan',
  'Quinlan',
  'Solberg',
  'Okafor',
  'Lindqvist',
  'Abernathy',
  'Castellanos',
  'Dubois',
  'Eriksen',
  'Fairbanks',
  'Galloway',
  'Hargreaves',
  'Iverson',
  'Jablonski',
  'Kowalczyk',
  'Lachance',
  'Montgomery',
  'Nakamura',
  'Oyelaran',
  'Pemberton',
  'Quigley',
  'Rasmussen',
  'Sorensen',
  'Takahashi',
  'Underwood',
  'Valdez',
  'Wojcik',
  'Yamamoto',
  'Zielinski',
];
const TOWNS = ['Loveland', 'Fort Collins', 'Greeley', 'Windsor', 'Berthoud', 'Longmont', 'Johnstown', 'Estes Park'];
const TECHS = ['Marco', 'Dave', 'Tomasz', 'Luis', 'Jenna', 'Kyle'];
const SERVICES = ['roof-replacement', 'roof-repair', 'leak-repair', 'gutters', 'skylights', 'storm-damage'];
const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];

const DAY = 86_400_000;
const START = Date.UTC(2018, 0, 1);

/**
 * Writes a synthetic Takeout export of `reviews` reviews over 20 locations (location 0 is shared by two
 * accounts, so its reviews appear twice) and a jobs CSV of `jobs` jobs. Every other review is written by
 * the customer of a job, a few days after it; the rest match no job. For the import benchmark.
 */
export function generateTakeout(rnd: Random, out: string, counts: { reviews: number; jobs: number }): { takeout: string; jobsCsv: string } {
  const jobs: string[] = ['job_id,customer_name,address,town,completed_on,technicians,services,invoice_id'];
  const people: { first: string; last: string; day: number }[] = [];
  for (let i = 0; i < counts.jobs; i++) {
    const p = { first: pick(rnd, FIRST), last: pick(rnd, LAST), day: Math.floor(rnd() * 3000) };
    people.push(p);
    const date = new Date(START + p.day * DAY).toISOString().slice(0, 10);
    jobs.push(
      `JOB-${i},${p.first} ${p.last},${100 + i} Synthetic Rd,${pick(rnd, TOWNS)},${date},${pick(rnd, TECHS)},${pick(rnd, SERVICES)},INV-${i}`,
    );
  }
  const jobsCsv = join(out, 'jobs.csv');
  mkdirSync(out, { recursive: true });
  writeFileSync(jobsCsv, `${jobs.join('\n')}\n`);
  const locations: unknown[][] = Array.from({ length: 20 }, () => []);
  for (let i = 0; i < counts.reviews; i++) {
    const customer =
      i % 2 === 0 && i / 2 < people.length ? people[i / 2]! : { first: pick(rnd, FIRST), last: pick(rnd, LAST), day: Math.floor(rnd() * 3000) };
    const created = START + (customer.day + Math.floor(rnd() * 20)) * DAY + Math.floor(rnd() * DAY);
    const text =
      rnd() < 0.15
        ? undefined
        : `${pick(rnd, TECHS)} and the crew did our ${pick(rnd, ['roof', 'gutters', 'skylight'])} in ${pick(rnd, TOWNS)}. Review ${i}.`;
    locations[i % 20]!.push({
      name: `accounts/1/locations/${i % 20}/reviews/R${i}`,
      reviewId: `R${i}-${Math.floor(rnd() * 1e9).toString(36)}`,
      reviewer: { displayName: `${customer.first} ${customer.last}` },
      starRating: pick(rnd, STARS),
      ...(text && { comment: text }),
      createTime: new Date(created).toISOString(),
      updateTime: new Date(created + (rnd() < 0.1 ? 5 * DAY : 0)).toISOString(),
      ...(rnd() < 0.3 && { reviewReply: { comment: 'Thank you!', updateTime: new Date(created + DAY).toISOString() } }),
    });
  }
  const takeout = join(out, 'Takeout');
  const write = (account: number, location: number, reviews: unknown[]) => {
    const dir = join(takeout, 'Google Business Profile', `account-${account}`, `location-${location}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'reviews.json'), JSON.stringify({ reviews }));
  };
  locations.forEach((reviews, l) => write(1, l, reviews));
  write(2, 0, locations[0]!);
  return { takeout, jobsCsv };
}
