import type { Job } from './job-schema.ts';
import { nameKeys } from './nicknames.ts';
import { parsePersonName, type PersonName } from './person-name.ts';

/** A job with what matching needs precomputed: the parsed customer name and the day number of completion. */
export interface IndexedJob {
  job: Job;
  name: PersonName;
  day: number;
  /** Internal: the last candidates() call that returned this job. */
  stamp: number;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/**
 * Jobs bucketed by given name (and its nickname groups) and surname initial, so a review is compared
 * with a few dozen jobs instead of all of them. Keys: `<name>|<initial>`, `<name>|*`, and for
 * initials `^<letter>|<initial>`, `^<letter>|*`.
 */
export class JobIndex {
  private readonly buckets = new Map<string, IndexedJob[]>();
  private calls = 0;

  constructor(jobs: readonly Job[]) {
    for (const job of jobs) {
      const name = parsePersonName(job.customer);
      if (!name) continue;
      const entry = { job, name, day: dayNumber(job.completedOn), stamp: 0 };
      const li = name.last[0] ?? '';
      const firsts = name.firstIsInitial ? [] : nameKeys(name.first);
      for (const k of [...firsts, `^${name.first[0]}`]) {
        this.add(`${k}|${li}`, entry);
        this.add(`${k}|*`, entry);
      }
    }
  }

  private add(key: string, entry: IndexedJob): void {
    const list = this.buckets.get(key);
    if (list) list.push(entry);
    else this.buckets.set(key, [entry]);
  }

  /** Jobs whose customer could be this reviewer by name (a superset: compareNames decides), each once. */
  candidates(reviewer: PersonName): IndexedJob[] {
    const li = reviewer.last[0] ?? '';
    const firsts = reviewer.firstIsInitial ? [`^${reviewer.first[0]}`] : [...nameKeys(reviewer.first), `^${reviewer.first[0]}`];
    const out: IndexedJob[] = [];
    // A job sits in several buckets (its name, its nickname groups, its initial): a stamp per call
    // drops the repeats without building a Set for each of 100k reviews.
    const stamp = ++this.calls;
    for (const k of firsts) {
      for (const key of li === '' ? [`${k}|*`] : [`${k}|${li}`, `${k}|`]) {
        for (const e of this.buckets.get(key) ?? []) {
          if (e.stamp === stamp) continue;
          e.stamp = stamp;
          out.push(e);
        }
      }
    }
    return out;
  }
}
