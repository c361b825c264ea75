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
