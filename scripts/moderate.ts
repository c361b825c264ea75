/**
 * `npm run moderate -- REVIEW_ID verify|consent|reject --reason CODE [--reference REF] [--note TEXT] [--today YYYY-MM-DD]`:
 * records an owner's decision on one review, for what verify cannot decide by itself: a review confirmed by
 * an invoice or a phone call, a reviewer who agreed to show their name, a review withheld on a
 * content-neutral ground. Each decision carries a reason code from a fixed list (ModerationDecisionSchema);
 * the review's line is rewritten in place (temp file, then rename) and the content checked as the build would.
 */
import { resolve } from 'node:path';
import { ContentError } from '../core/content/content-error.ts';
import { parseContent } from '../core/content/parse-content.ts';
import { RecordLines } from '../core/content/record-lines.ts';
import { calendarDateInZone } from '../core/import/calendar-date-in-zone.ts';
import { escapeControl } from '../core/text/escape-control.ts';
import { applyModerationDecision, ModerationDecisionSchema, REASONS_BY_ACTION, type ModerationDecision } from '../core/verify/moderation-decision.ts';
import { contentDirFromEnv, readContentFiles } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { writeFileAtomic } from './lib/write-file-atomic.ts';
import { defineCommand, runMain } from './lib/cli.ts';
import { withContentLock } from './lib/content-lock.ts';

/**
 * Applies `decision` to review `id` of `contentDir`; returns the file written (null when it was already so) and the
 * decision it replaced, in words, when there was one of another kind (the owner should know what they overrode).
 */
export function runModerate(
  contentDir: string,
  id: string,
  decision: ModerationDecision,
  today?: string,
): { written: string | null; replaced: string | null } {
  const content = readContentFiles(contentDir);
  const lines = new RecordLines(content.reviews);
  const raw = lines.get(id);
  if (!raw)
    throw new ContentError([
      { file: content.reviewsDir, recordId: id, message: 'no review with this id (ids are in reviews/*.jsonl and in review-queue.json)' },
    ]);
  const on = today ?? calendarDateInZone(new Date().toISOString(), content.parsed.business.timeZone)!;
  let next: Record<string, unknown>;
  try {
    next = applyModerationDecision(raw, decision, on);
  } catch (e) {
    throw new ContentError([{ ...lines.location(id)!, recordId: id, message: (e as Error).message }]);
  }
  const unchanged = (k: string) => JSON.stringify(raw[k]) === JSON.stringify(next[k]);
  if (unchanged('consent') && (unchanged('verification') || (decision.action === 'verify' && sameVerification(raw, next))))
    return { written: null, replaced: null };
  lines.set(id, next);
  const [file] = lines.changedFiles();
  parseContent(
    content.business,
    content.reviews.map((f) => (f.path === file!.path ? file! : f)),
  );
  writeFileAtomic(resolve(file!.path), file!.text);
  return { written: file!.path, replaced: unchanged('verification') ? null : verificationWords(raw.verification) };
}

/** A recorded verification as the owner would say it: "verified (phone-confirmed, JOB-17) on 2026-01-03". */
function verificationWords(v: unknown): string | null {
  const r = v as { status?: string; method?: string; reason?: string; reference?: string; verifiedOn?: string; note?: string } | undefined;
  // "unverified" is where every review starts (the importer's note), not a decision anyone took.
  if (!r?.status || r.status === 'unverified') return null;
  const why = [r.method ?? r.reason, r.reference].filter(Boolean).join(', ');
  return `${r.status}${why ? ` (${why})` : ''}${r.verifiedOn ? ` on ${r.verifiedOn}` : ''}`;
}

/** A verification by the same method and reference counts as recorded, whatever day it was made. */
function sameVerification(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const [x, y] = [a.verification, b.verification] as { status?: string; method?: string; reference?: string }[];
  return x?.status === y?.status && x?.method === y?.method && x?.reference === y?.reference;
}

if (import.meta.main) {
  const cli = defineCommand({
    usage: [
      'usage: npm run moderate -- REVIEW_ID verify|consent|reject --reason CODE [--reference REF] [--note TEXT]',
      ...Object.entries(REASONS_BY_ACTION).map(([a, codes]) => `  ${a.padEnd(8)} --reason ${codes.join(' | ')}`),
    ].join('\n'),
    options: { reason: { type: 'string' }, reference: { type: 'string' }, note: { type: 'string' }, today: { type: 'string' } },
    positionals: [2, 2],
    positionalNames: ['REVIEW_ID', 'verify|consent|reject'],
  });
  const { values, positionals } = cli.parse();
  const contentDir = contentDirFromEnv();
  console.log(contentLine('moderate', contentDir));
  const [id, action] = positionals as [string, string];
  if (!Object.hasOwn(REASONS_BY_ACTION, action)) cli.fail(`unknown action "${action}": verify, consent or reject`);
  const today = cli.date(values.today, '--today');
  const parsed = ModerationDecisionSchema.safeParse({
    action,
    reason: values.reason,
    ...(values.reference !== undefined && { reference: values.reference }),
    ...((values.note !== undefined || action === 'reject') && { note: values.note ?? '' }),
  });
  if (!parsed.success) {
    const codes = REASONS_BY_ACTION[action as keyof typeof REASONS_BY_ACTION];
    for (const i of parsed.error.issues)
      console.error(
        escapeControl(i.path[0] === 'reason' ? `--reason must be one of: ${codes.join(', ')}` : `--${String(i.path[0] ?? action)}: ${i.message}`),
      );
    process.exit(2);
  }
  // runMain: a file that cannot be read or written (EISDIR, EPERM) is a message, not a stack trace.
  await runMain(() =>
    withContentLock(contentDir, 'moderate', () => {
      const { written, replaced } = runModerate(contentDir, id, parsed.data, today);
      const what = `${id}: ${action} (${parsed.data.reason})`;
      console.log(escapeControl(written ? `${what}; wrote ${written}` : `${what} was already recorded; no file changed`));
      if (replaced) console.log(escapeControl(`  it replaces the decision recorded before: ${replaced}`));
    }),
  );
}
