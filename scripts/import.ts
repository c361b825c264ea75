/**
 * `npm run import -- <source> <path> [--today YYYY-MM-DD]`, or `npm run import -- google|trustpilot` live
 * (scripts/lib/live-import.ts): reads reviews from where they live
 * (google-takeout, google-api, trustpilot, csv) into the content folder (CONTENT_DIR, default content/).
 * Idempotent: run it again with the same files and nothing changes. Reports new / updated / unchanged.
 * Every file it changes is written to a temporary name and renamed; nothing is written when anything fails.
 */
import { existsSync } from 'node:fs';
import { ContentError } from '../core/content/content-error.ts';
import { calendarDateInZone } from '../core/import/calendar-date-in-zone.ts';
import { IMPORT_SOURCES, isImportSource, type ImportSourceName } from '../core/import/import-sources.ts';
import type { ImportReport } from '../core/import/plan-import.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { readContentFiles, shownPath } from './lib/read-content-files.ts';
import { readSourceFiles } from './lib/read-source-files.ts';
import { defineCommand, runMain } from './lib/cli.ts';
import { isLiveImport, LIVE_IMPORT_OPTIONS, LIVE_IMPORT_USAGE, runLiveImport } from './lib/live-import.ts';
import { applyImport } from './lib/apply-import.ts';

export interface ImportResult {
  report: ImportReport;
  written: string[];
}

/** Imports `path` of `source` into `contentDir`; throws ContentError (file, record, field) on bad input. */
export function runImport(source: ImportSourceName, path: string, contentDir: string, today?: string): ImportResult {
  const content = readContentFiles(contentDir);
  const timeZone = content.parsed.business.timeZone;
  const { accepts, parse } = IMPORT_SOURCES[source];
  const files = readSourceFiles(path, accepts, shownPath);
  if (files.length === 0)
    throw new ContentError([{ file: shownPath(path), message: `no ${source} files found here (expected ${IMPORT_SOURCES[source].describe})` }]);
  const parsed = parse(files, { timeZone });
  if (parsed.issues.length > 0) throw new ContentError(parsed.issues);
  const importedOn = today ?? calendarDateInZone(new Date().toISOString(), timeZone)!;
  // Plan, check the merged folder as the build will, then write (the live pulls share this step).
  return applyImport(content, parsed.reviews, importedOn);
}

const IMPORT_USAGE = `usage: npm run import -- <source> <path> [--today YYYY-MM-DD] [--quiet]
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
    options: { today: { type: 'string' }, ...LIVE_IMPORT_OPTIONS },
    positionals: [1, 2],
    positionalNames: ['<source>', '<path>'],
  });
  const { values, positionals } = cli.parse();
  const [source, path] = positionals;
  cli.date(values.today, '--today');
  if (isLiveImport(source, path)) process.exit(await runLiveImport(cli.fail, source, values, contentDirFromEnv()));
  if (!source || !isImportSource(source)) cli.fail(`unknown source "${source}"`);
  if (!path) cli.fail(`missing argument: the ${source} file or folder to import`);
  if (!existsSync(path!)) cli.fail(`${path}: no such file or folder`);
  await runMain(() => {
    const { report, written } = runImport(source as ImportSourceName, path!, contentDirFromEnv(), values.today);
    console.log(`${source}: ${report.new.length} new, ${report.updated.length} updated, ${report.unchanged.length} unchanged`);
    for (const id of report.updated.slice(0, 20)) console.log(`  updated ${id}`);
    if (report.updated.length > 20) console.log(`  … and ${report.updated.length - 20} more updated`);
    console.log(written.length === 0 ? 'no file changed' : `wrote ${written.join(', ')}`);
  });
}
