import { parseGoogleApi } from './parse-google-api.ts';
import { isTakeoutReviewFile, parseGoogleTakeout } from './parse-google-takeout.ts';
import { parseReviewCsv } from './parse-review-csv.ts';
import { parseTrustpilot } from './parse-trustpilot.ts';
import type { ImportContext, SourceFile, SourceParseResult } from './imported-review.ts';

export interface ImportSource {
  /** Which files of the folder the owner names belong to this source (path relative to that folder). */
  accepts: (relativePath: string) => boolean;
  parse: (files: readonly SourceFile[], ctx: ImportContext) => SourceParseResult;
  describe: string;
  /** The source is a zip download: a file that is a zip archive is read as one whatever its name. */
  zipped?: boolean;
}

/** Every source `npm run import -- <source> <path>` knows, by the name on its command line. */
export const IMPORT_SOURCES = {
  'google-takeout': {
    accepts: isTakeoutReviewFile,
    parse: parseGoogleTakeout,
    zipped: true,
    describe: 'a Google Takeout download: the .zip as it is, or the unzipped folder (Takeout/ or its Google Business Profile/ subfolder)',
  },
  'google-api': {
    accepts: (p) => p.toLowerCase().endsWith('.json'),
    parse: parseGoogleApi,
    describe: 'saved reviews.list / batchGetReviews responses (a .json file or a folder of them)',
  },
  trustpilot: {
    accepts: (p) => p.toLowerCase().endsWith('.json'),
    parse: parseTrustpilot,
    describe: 'saved Trustpilot business-units reviews responses (a .json file or a folder of them)',
  },
  csv: {
    accepts: (p) => p.toLowerCase().endsWith('.csv'),
    parse: parseReviewCsv,
    describe: 'the CSV template of docs/import.md (a .csv file or a folder of them)',
  },
} as const satisfies Record<string, ImportSource>;

export type ImportSourceName = keyof typeof IMPORT_SOURCES;

export function isImportSource(name: string): name is ImportSourceName {
  return Object.hasOwn(IMPORT_SOURCES, name);
}
