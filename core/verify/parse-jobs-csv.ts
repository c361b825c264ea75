import { issuesFull, type ContentIssue } from '../content/content-error.ts';
import type { CsvDelimiter } from '../csv/parse-csv.ts';
import { readCsvTable } from '../csv/read-csv-table.ts';
import { parseSpreadsheetDate } from '../csv/spreadsheet-date.ts';
import type { CatalogLookup } from './catalog-lookup.ts';
import { JOB_CSV_COLUMNS, type Job } from './job-schema.ts';

export interface ParsedJobs {
  jobs: Job[];
  issues: ContentIssue[];
  /** Names that are not in the catalog (a helper not on the roster, a service the site does not list): skipped. */
  warnings: ContentIssue[];
  /** The separator the file was read with (named in the command's output). */
  delimiter: CsvDelimiter;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(/[;|,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * Parses the jobs CSV: one job per row; technicians and services are names or ids separated by `;` (or `,`
 * or `|`). Headers are matched loosely (readCsvTable); `completed_on` is read in the business's locale
 * (ISO always); every problem of every row is reported in one run.
 */
export function parseJobsCsv(file: { path: string; text: string }, catalog: CatalogLookup, locale?: string): ParsedJobs {
  const issues: ContentIssue[] = [];
  const warnings: ContentIssue[] = [];
  const table = readCsvTable(file, { columns: JOB_CSV_COLUMNS, required: JOB_CSV_COLUMNS.slice(0, 3) });
  if (table.issues.length > 0) return { jobs: [], issues: table.issues, warnings, delimiter: table.delimiter };
  const jobs: Job[] = [];
  const seen = new Map<string, number>();
  for (const { line, values: v } of table.rows) {
    if (issuesFull(issues, file.path)) break; // a 12 MB file of bad rows made 9 million problems (3.3 GB)
    const at = { file: file.path, line, recordId: v.job_id || `line ${line}` };
    const before = issues.length;
    const fail = (field: string, message: string) => issues.push({ ...at, field, message });
    if (!v.job_id) fail('job_id', 'required');
    else if (seen.has(v.job_id)) fail('job_id', `duplicate job id, first on line ${seen.get(v.job_id)}`);
    else seen.set(v.job_id, line);
    if (!v.customer_name) fail('customer_name', 'required');
    const completed = parseSpreadsheetDate(v.completed_on ?? '', locale);
    if ('error' in completed) fail('completed_on', completed.error);
    if (issues.length > before || !('date' in completed)) continue;
    const resolve = (field: string, names: string[], find: (n: string) => string | undefined) =>
      names.flatMap((n) => {
        const id = find(n);
        if (!id) warnings.push({ ...at, field, message: `"${n}" is not in business.json; skipped` });
        return id ? [id] : [];
      });
    const serviceArea = (v.town && catalog.area(v.town)) || catalog.areasIn(v.address ?? '')[0];
    jobs.push({
      id: v.job_id!,
      customer: v.customer_name!,
      ...(v.address && { address: v.address }),
      ...(v.town && { town: v.town }),
      completedOn: completed.date,
      technicians: [...new Set(resolve('technicians', list(v.technicians), catalog.technician))].sort(),
      services: [...new Set(resolve('services', list(v.services), catalog.service))].sort(),
      ...(serviceArea && { serviceArea }),
      ...(v.invoice_id && { invoiceId: v.invoice_id }),
    });
  }
  return { jobs, issues, warnings, delimiter: table.delimiter };
}
