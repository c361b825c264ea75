import type { ContentFile } from '../content/parse-content.ts';
import { RecordLines } from '../content/record-lines.ts';
import type { Job } from './job-schema.ts';

/** One field of a verified review that the recheck changed, from its job. */
export interface RecheckChange {
  reviewId: string;
  jobId: string;
  field: 'technicians' | 'services' | 'serviceArea';
  from: string;
  to: string;
}

export interface RecheckPlan {
  files: ContentFile[];
  changes: RecheckChange[];
  /** Reviews verified by a job that the jobs file no longer has: left as they are. */
  missingJobs: { reviewId: string; jobId: string }[];
}

const FIELDS = ['technicians', 'services', 'serviceArea'] as const;
const shown = (v: unknown) => (v === undefined ? '(none: read from the text)' : Array.isArray(v) ? `[${v.join(', ')}]` : String(v));

/**
 * Brings reviews verified by a job match up to date with that job as the jobs file and business.json now
 * give it: a typo fixed in a technician's name, a service added, a town corrected. The job is the record of
 * who worked where, so its technicians, services and service area replace the review's; a job that lists
 * none leaves the field absent (the site then reads it from the review's text). Verification itself is
 * never changed here. Pure; every change is reported.
 */
export function planRecheck(files: readonly ContentFile[], jobs: readonly Job[]): RecheckPlan {
  const lines = new RecordLines(files);
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const changes: RecheckChange[] = [];
  const missingJobs: RecheckPlan['missingJobs'] = [];
  for (const id of lines.ids()) {
    const raw = lines.get(id)!;
    const v = raw.verification as { status?: string; method?: string; reference?: string } | undefined;
    if (v?.status !== 'verified' || v.method !== 'job-match' || !v.reference) continue;
    const job = byId.get(v.reference);
    if (!job) {
      missingJobs.push({ reviewId: id, jobId: v.reference });
      continue;
    }
    const want: Record<(typeof FIELDS)[number], unknown> = {
      technicians: job.technicians.length > 0 ? job.technicians : undefined,
      services: job.services.length > 0 ? job.services : undefined,
      serviceArea: job.serviceArea,
    };
    const next: Record<string, unknown> = { ...raw };
    for (const field of FIELDS) {
      if (JSON.stringify(raw[field]) === JSON.stringify(want[field])) continue;
      changes.push({ reviewId: id, jobId: job.id, field, from: shown(raw[field]), to: shown(want[field]) });
      if (want[field] === undefined) delete next[field];
      else next[field] = want[field];
    }
    if (changes.at(-1)?.reviewId === id) lines.set(id, next);
  }
  return { files: lines.changedFiles(), changes, missingJobs };
}
