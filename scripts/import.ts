/**
 * `npm run import -- <source> <path> [--today YYYY-MM-DD]`, or `npm run import -- google|trustpilot` live
 * (scripts/lib/live-import.ts): reads reviews from where they live
 * (google-takeout, google-api, trustpilot, csv) into the content folder (CONTENT_DIR, default content/).
 * Idempotent: run it again with the same files and nothing changes. Reports new / updated / unchanged.
 * Every file it changes is written to a temporary name and renamed; nothing is written when anything fails.
 */
import { existsSync } from 'node:fs';
import { ContentError, formatContentIssue } from '../core/content/content-error.ts';
import type { LocatedRecord } from '../core/content/parse-content.ts';
import { calendarDateInZone } from '../core/import/calendar-date-in-zone.ts';
import { IMPORT_SOURCES, isImportSource, type ImportSourceName } from '../core/import/import-sources.ts';
import type { ImportedReview } from '../core/import/imported-review.ts';
import type { ImportReport } from '../core/import/plan-import.ts';
import { publishedAuthor } from '../core/model/author-initials.ts';
import { replyUndoesInitials } from '../core/model/mask-reply-names.ts';
import { isKnownEncoding } from '../core/text/decode-text.ts';
import { escapeControl } from '../core/text/escape-control.ts';
import { contentDirFromEnv, readContentFiles, shownPath } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { readSourceFiles } from './lib/read-source-files.ts';
import { defineCommand, runMain } from './lib/cli.ts';
import { withContentLock } from './lib/content-lock.ts';
import { isLiveImport, LIVE_IMPORT_OPTIONS, LIVE_IMPORT_USAGE, runLiveImport } from './lib/live-import.ts';
import { applyImport } from './lib/apply-import.ts';
import { createProgress, type Progress } from './lib/progress.ts';
import { userPath } from './lib/user-path.ts';

export interface ImportResult {
  report: ImportReport;
  written: string[];
  /** Owner replies that name a reviewer published as initials (the site shows them with the initials). */
  warnings: string[];
  /** How files were read, when worth saying (a CSV separated by ";"). */
  notes: string[];
}

/**
 * Imports `path` of `source` into `contentDir`; throws ContentError (file, record, field) on bad input.
 * `encoding` names the encoding of the source files when they are not UTF-8.
 */
export function runImport(
  source: ImportSourceName,
  path: string,
  contentDir: string,
  today?: string,
  encoding?: string,
  progress: Progress = createProgress({ quiet: true }),
  /** The Trustpilot business unit the file's reviews must be of (`--business-unit`; default: business.json's). */
  businessUnit?: string,
): ImportResult {
  // Four steps: the content folder, the source files, their mapping, the checked write.
  progress.start(IMPORT_STEPS, 'importing');
  const content = readContentFiles(contentDir);
  progress.tick();
  const { timeZone, locale } = content.parsed.business;
  const { accepts, parse } = IMPORT_SOURCES[source];
  const zipBySignature = 'zipped' in IMPORT_SOURCES[source];
  const files = readSourceFiles(path, accepts, shownPath, { ...(encoding && { encoding }), zipBySignature });
  progress.tick();
  if (files.length === 0)
    throw new ContentError([{ file: shownPath(path), message: `no ${source} files found here (expected ${IMPORT_SOURCES[source].describe})` }]);
  const unit = businessUnit ?? content.parsed.business.pull?.trustpilot?.businessUnitId;
  const parsed = parse(files, { timeZone, ...(locale && { locale }), ...(unit && { trustpilotBusinessUnitId: unit }) });
  progress.tick();
  if (parsed.issues.length > 0) throw new ContentError(parsed.issues);
  const importedOn = today ?? calendarDateInZone(new Date().toISOString(), timeZone)!;
  // Plan, check the merged folder as the build will, then write (the live pulls share this step).
  const applied = applyImport(content, parsed.reviews, importedOn);
  progress.tick();
  progress.done();
  return { ...applied, warnings: replyWarnings(parsed.reviews, content.parsed.records), notes: (parsed.notes ?? []).map(escapeControl) };
}

/** Steps `runImport` reports progress for. */
const IMPORT_STEPS = 4;

/** The imported replies that name a reviewer whose name is published as initials (consent as the content will have it). */
function replyWarnings(imported: readonly ImportedReview[], records: readonly LocatedRecord[]): string[] {
  const consent = new Map(records.map((r) => [r.record.id, r.record.consent]));
  return imported.flatMap((imp) => {
    const reply = imp.fields.ownerReply?.text;
    const record = { author: imp.fields.author, consent: imp.fields.consent ?? consent.get(imp.fields.id) };
    if (!reply || !replyUndoesInitials(reply, record)) return [];
    return [
      formatContentIssue({
        file: imp.origin.file,
        recordId: imp.origin.record,
        field: 'ownerReply',
        message: `your reply names ${imp.fields.author.split(' ')[0]}, whose name is published as "${publishedAuthor(record)}": the site shows the reply with "${publishedAuthor(record)}" instead (record consent to show the name: npm run moderate -- ${imp.fields.id} consent --reason reviewer-agreed)`,
      }),
    ];
  });
}

const IMPORT_USAGE = `usage: npm run import -- <source> <path> [--today YYYY-MM-DD] [--encoding windows-1252] [--business-unit ID (trustpilot)] [--quiet]
${LIVE_IMPORT_USAGE}
sources:
${Object.entries(IMPORT_SOURCES)
  .map(([name, s]) => `  ${name.padEnd(15)} ${s.describe}`)
  .join('\n')}
  google          live: the Business Profile API (credentials in .env; --auth-help)
  trustpilot      live, without a path: the Trustpilot API (TRUSTPILOT_API_KEY in .env)`;

if (import.meta.main) {
  const cli = defineCommand({
    usage: IMPORT_USAGE,
    options: { today: { type: 'string' }, encoding: { type: 'string' }, ...LIVE_IMPORT_OPTIONS },
    positionals: [1, 2],
    positionalNames: ['<source>', '<path>'],
  });
  const { values, positionals } = cli.parse();
  const contentDir = contentDirFromEnv();
  console.log(contentLine('import', contentDir));
  const [source, typed] = positionals;
  const path = typed === undefined ? undefined : userPath(typed);
  cli.date(values.today, '--today');
  if (isLiveImport(source, path)) process.exit(await runLiveImport(cli.fail, source, values, contentDir));
  if (!source || !isImportSource(source)) cli.fail(`unknown source "${source}"`);
  if (!path) cli.fail(`missing argument: the ${source} file or folder to import`);
  if (!existsSync(path!)) cli.fail(`${typed}: no such file or folder (looked for ${path})`);
  if (values.encoding !== undefined && !isKnownEncoding(values.encoding))
    cli.fail(`--encoding: unknown encoding "${values.encoding}" (e.g. windows-1252, iso-8859-1, utf-16le)`);
  await runMain(() =>
    withContentLock(contentDir, 'import', () => {
      const progress = createProgress({ quiet: values.quiet ?? false });
      const { report, written, warnings, notes } = runImport(
        source as ImportSourceName,
        path!,
        contentDir,
        values.today,
        values.encoding,
        progress,
        values['business-unit'],
      );
      for (const n of notes) console.log(n);
      for (const w of warnings) console.log(`warning: ${w}`);
      console.log(`${source}: ${report.new.length} new, ${report.updated.length} updated, ${report.unchanged.length} unchanged`);
      for (const id of report.updated.slice(0, 20)) console.log(`  updated ${id}`);
      if (report.updated.length > 20) console.log(`  … and ${report.updated.length - 20} more updated`);
      console.log(written.length === 0 ? 'no file changed' : `wrote ${written.join(', ')}`);
    }),
  );
}
