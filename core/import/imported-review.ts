import type { ContentIssue } from '../content/content-error.ts';
import { parseJsonStrict } from '../text/parse-json-strict.ts';
import type { ReviewRecord, VerificationRecord } from '../schemas/review-schema.ts';

/** Fields an import owns: written when a review is new, replaced when the source changes them. */
export const SOURCE_KEYS = ['date', 'rating', 'title', 'text', 'author', 'source', 'language', 'ownerReply'] as const;
/** Fields a source may state (the CSV template does); when it does not, the owner's value is kept. */
export const OPTIONAL_SOURCE_KEYS = ['consent', 'incentive', 'relationship'] as const;

export type ImportedFields = Pick<ReviewRecord, 'id' | 'date' | 'rating' | 'text' | 'author' | 'source' | 'language'> &
  Partial<Pick<ReviewRecord, 'title' | 'ownerReply' | 'consent' | 'incentive' | 'relationship'>>;

/** One review as a source gives it, mapped to the content's fields. */
export interface ImportedReview {
  /** Where it came from, for messages: the source file and the record within it. */
  origin: { file: string; record: string };
  /** When the source last changed it (timestamp or date): of two copies of one review, the later wins. */
  sourceUpdated: string;
  fields: ImportedFields;
  /** Calendar date the source says the review or its reply was last edited; becomes `updatedAt` on change. */
  editedOn?: string;
  /** Verification of a new record; default: unverified, waiting for `npm run verify`. */
  verification?: VerificationRecord;
  /** Ids an earlier version of the importer gave this review: a record found under one is updated and keeps it. */
  formerIds?: readonly string[];
}

/** What a source parser returns: the reviews it could map, and every problem, located. */
export interface SourceParseResult {
  reviews: ImportedReview[];
  issues: ContentIssue[];
  /** What the command should tell the owner about how a file was read ("r.csv: columns separated by ";""). */
  notes?: string[];
}

/** Settings every mapper needs: dates are calendar dates in the business's time zone. */
export interface ImportContext {
  timeZone: string;
  /** The business's locale (`en-US`, `de-DE`): how its spreadsheets write dates and numbers; ISO only when absent. */
  locale?: string;
  /** Language of text that carries no language of its own (default "en"). */
  defaultLanguage?: string;
  /** The business's own Trustpilot business unit (business.json `pull.trustpilot`), when it names one. */
  trustpilotBusinessUnitId?: string;
}

/** A source file, already read (the CLI reads; core only parses). */
export interface SourceFile {
  path: string;
  text: string;
}

/** Parses a JSON source file (a key given twice is refused), or records one issue naming the file. */
export function parseJsonFile(file: SourceFile, issues: ContentIssue[]): unknown {
  const parsed = parseJsonStrict(file.text);
  if (parsed.ok) return parsed.value;
  issues.push({ file: file.path, ...(parsed.line !== undefined && { line: parsed.line }), message: parsed.message });
  return undefined;
}
