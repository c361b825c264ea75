import { readFileSync } from 'node:fs';
import { compileAspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import { join } from 'node:path';
import { ContentError } from '../../core/content/content-error.ts';
import { parseBusiness, parseContent, type ContentFile, type LocatedRecord } from '../../core/content/parse-content.ts';
import { buildSiteModel, type SiteModel } from '../../core/model/build-site-model.ts';
import type { ReviewRecord } from '../../core/schemas/review-schema.ts';
import { emptyInsights } from '../../scripts/lib/bench/empty-insights.ts';

const root = join(import.meta.dirname, '../..');
export const businessText = readFileSync(join(root, 'content/business.json'), 'utf8');
/** The sample business as the content file `parseContent` reads first. */
export const businessFile: ContentFile = { path: 'content/business.json', text: businessText };
export const business = parseBusiness(businessFile);
/** The sample business's aspect lexicon, compiled once for the tests that analyse text. */
export const lexicon = compileAspectLexicon(business);

/** A valid review record; override any field. */
export function record(overrides: Partial<ReviewRecord> & { id: string; date: string }): ReviewRecord {
  return {
    rating: 5,
    text: 'Great roof, no leaks since.',
    author: 'Maria G.',
    consent: true,
    source: { platform: 'google' },
    language: 'en',
    verification: { status: 'verified', method: 'job-match', verifiedOn: overrides.date },
    technicians: [],
    services: [],
    serviceArea: 'loveland',
    photos: [],
    ...overrides,
  };
}

export const located = (records: ReviewRecord[]): LocatedRecord[] =>
  records.map((r, i) => ({ record: r, file: 'content/reviews/test.jsonl', line: i + 1 }));

/** A site model over the given records with trivial engines (no extraction, empty insights). */
export function sampleModel(records: ReviewRecord[], baseUrl = 'https://reviews.example'): SiteModel {
  return buildSiteModel({ business, records: located(records) }, baseUrl, {
    extractMentions: () => ({ technicians: ['marco'], services: ['roof-repair'], serviceAreas: ['greeley'] }),
    buildInsights: emptyInsights({ engine: 'test', description: 'empty insights for renderer tests', summary: 'Test summary.' }),
  });
}

/** `n` records on consecutive days from 2024-01-01. */
export function manyRecords(n: number): ReviewRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    return record({ id: `r-${String(i).padStart(4, '0')}`, date: d, rating: (i % 5) + 1, technicians: ['dave'], services: ['gutters'] });
  });
}

/** A reviews file of the given lines: records are written as JSON, strings as they are (a broken line, an empty one). */
export function reviewsFile(lines: unknown[], path = 'content/reviews/2023.jsonl'): ContentFile {
  return { path, text: lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') };
}

/** The message of the content error that parsing `lines` as one reviews file beside the sample business raises; throws when the content is accepted. */
export function contentErrorOf(lines: unknown[], path?: string): string {
  try {
    parseContent(businessFile, [reviewsFile(lines, path)]);
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    return e.message;
  }
  throw new Error('expected the content to be refused');
}
