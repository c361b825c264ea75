import { type ErrorIssue, MAX_ISSUES } from '../schemas/error-schema.ts';

/**
 * The first MAX_ISSUES issues, then (when there were more) one `too_many_issues` issue that says
 * how many were left out. A 6 KB query of 2,000 unknown names otherwise gave a 336 KB 400.
 */
export function capIssues(issues: readonly ErrorIssue[], max = MAX_ISSUES): ErrorIssue[] {
  if (issues.length <= max) return [...issues];
  const rest = issues.length - max;
  return [...issues.slice(0, max), { path: '', code: 'too_many_issues', message: `${rest} more issue${rest === 1 ? '' : 's'} not shown` }];
}
