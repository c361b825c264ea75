import { escapeControl } from '../text/escape-control.ts';

/** One problem found in the content folder, located precisely enough to fix it. */
export interface ContentIssue {
  file: string;
  /** 1-based line of the record in a JSONL file; absent for whole-file problems. */
  line?: number;
  recordId?: string;
  /** Dotted path of the offending field, e.g. `verification.verifiedOn`. */
  field?: string;
  message: string;
}

/**
 * Formats an issue as `file:line (id) field: message`, the form build output and tests rely on. Every part
 * may quote a source file, so control characters are escaped: one issue is one line on the terminal.
 */
export function formatContentIssue(issue: ContentIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
  const id = issue.recordId ? ` (${issue.recordId})` : '';
  const field = issue.field ? ` ${issue.field}:` : '';
  return escapeControl(`${where}${id}${field} ${issue.message}`);
}

/**
 * Problems an importer collects before it stops reading records. A 24 KB zip of `{"reviews":[{},{},…]}` (24 MB
 * unpacked) made millions of problems, held until the process ran out of memory; a few hundred are all anyone reads.
 */
export const MAX_ISSUES = 1000;

/** The note that ends a list of problems cut at MAX_ISSUES. */
const STOPPED = `stopped reading after ${MAX_ISSUES} problems; correct these and run it again to see any others`;

/**
 * Whether `issues` is full (MAX_ISSUES): then the caller stops reading records, and the list ends with a note saying
 * so (added once, for `file`).
 */
export function issuesFull(issues: ContentIssue[], file: string): boolean {
  if (issues.length < MAX_ISSUES) return false;
  if (issues.at(-1)?.message !== STOPPED) issues.push({ file, message: STOPPED });
  return true;
}

/** Thrown when content fails validation; the build prints every issue and exits non-zero. */
export class ContentError extends Error {
  readonly issues: ContentIssue[];
  constructor(issues: ContentIssue[]) {
    const shown = issues.slice(0, 50).map(formatContentIssue);
    const more = issues.length > 50 ? `\n… and ${issues.length - 50} more` : '';
    super(`Content is invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${shown.join('\n')}${more}`);
    this.name = 'ContentError';
    this.issues = issues;
  }
}
