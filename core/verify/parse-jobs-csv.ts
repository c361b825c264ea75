import type { ContentIssue } from '../content/content-error.ts';
import { parseCsv } from '../csv/parse-csv.ts';
import { isCalendarDate } from '../schemas/primitives.ts';
import type { CatalogLookup } from './catalog-lookup.ts';
import { JOB_CSV_COLUMNS, type Job } from './job-schema.ts';

export interface ParsedJobs {
  jobs: Job[];
  issues: ContentIssue[];
  /** Names that are not in the catalog (a helper not on the roster, a service the site does not list): skipped. */
  warnings: ContentIssue[];
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[;|,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Parses the jobs CSV: one job per row; technicians and services are names or ids separated by `;`. */
export function parseJobsCsv(file: { path: string; text: string }, catalog: CatalogLookup): ParsedJobs {
  const issues: ContentIssue[] = [];
  const warnings: ContentIssue[] = [];
  let parsed;
  try {
    parsed = parseCsv(file.text);
  } catch (e) {
    return { jobs: [], issues: [{ file: file.path, message: (e as Error).message }], warnings };
  }
  const missing = JOB_CSV_COLUMNS.slice(0, 3).filter((c) => !parsed.headers.includes(c));
  if (missing.length > 0)
    return {
      jobs: [],
      issues: [{ file: file.path, line: 1, message: `missing column(s): ${missing.join(', ')} (template: ${JOB_CSV_COLUMNS.join(',')})` }],
      warnings,
    };
  const jobs: Job[] = [];
  const seen = new Map<string, number>();
  for (const { line, values: v } of parsed.rows) {
    const at = { file: file.path, line, recordId: v.job_id || `line ${line}` };
    const fail = (field: string, message: string) => issues.push({ ...at, field, message });
    if (!v.job_id) {
      fail('job_id', 'required');
      continue;
    }
    if (seen.has(v.job_id)) {
      fail('job_id', `duplicate job id, first on line ${seen.get(v.job_id)}`);
      continue;
    }
    seen.set(v.job_id, line);
    if (!v.customer_name) {
      fail('customer_name', 'required');
      continue;
    }
    if (!isCalendarDate(v.completed_on ?? '')) {
      fail('completed_on', `must be a date written YYYY-MM-DD, got "${v.completed_on}"`);
      continue;
    }
    const resolve = (field: string, names: string[], find: (n: string) => string | undefined) =>
      names.flatMap((n) => {
        const id = find(n);
        if (!id) warnings.push({ ...at, field, message: `"${n}" is not in business.json; skipped` });
        return id ? [id] : [];
      });
    const serviceArea = (v.town && catalog.area(v.town)) || catalog.areasIn(v.address ?? '')[0];
    jobs.push({
      id: v.job_id,
      customer: v.customer_name,
      ...(v.address && { address: v.address }),
      ...(v.town && { town: v.town }),
      completedOn: v.completed_on!,
      technicians: [...new Set(resolve('technicians', list(v.technicians), catalog.technician))].sort(),
      services: [...new Set(resolve('services', list(v.services), catalog.service))].sort(),
      ...(serviceArea && { serviceArea }),
      ...(v.invoice_id && { invoiceId: v.invoice_id }),
    });
  }
  return { jobs, issues, warnings };
}
