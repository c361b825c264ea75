/** Private content and dist folders for hub tests, edits to their content, and reads of the hub database. */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DEFAULT_BASE_URL } from '../../core/build/build-options.ts';
import { buildDataFixture } from './build-fixture.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** A private copy of content/ (and optionally of a built dist/) under a fresh temp folder. */
export async function makeWorkspace(
  sourceDist?: string,
): Promise<{ dir: string; contentDir: string; distDir: string; dbPath: string; dispose(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'shingle-hub-'));
  const contentDir = join(dir, 'content');
  const distDir = join(dir, 'dist');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  if (sourceDist) cpSync(sourceDist, distDir, { recursive: true, dereference: true });
  return { dir, contentDir, distDir, dbPath: join(dir, 'hub.db'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

let reviewCounter = 0;

/** Appends one verified review to the content folder (date defaults to the newest review's date). */
export async function addReview(contentDir: string, fields: { date?: string; text?: string } = {}): Promise<string> {
  const files = readdirSync(join(contentDir, 'reviews'))
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const last = files.at(-1)!;
  const lines = readFileSync(join(contentDir, 'reviews', last), 'utf8')
    .trim()
    .split('\n');
  const newest = (JSON.parse(lines.at(-1)!) as { date: string }).date;
  const date = fields.date ?? newest;
  const id = `r-${date.slice(0, 4)}-9${String(process.pid % 1000).padStart(3, '0')}${++reviewCounter}`;
  const review = {
    id,
    date,
    rating: 5,
    text: fields.text ?? `WebSub test review ${id}: the crew fixed the flashing and cleaned up every nail.`,
    author: 'Test R.',
    source: { platform: 'website' },
    language: 'en',
    verification: { status: 'verified', method: 'job-match', verifiedOn: date, reference: `JOB-T-${reviewCounter}` },
  };
  const target = files.find((f) => f.startsWith(date.slice(0, 4))) ?? last;
  appendFileSync(join(contentDir, 'reviews', target), `${JSON.stringify(review)}\n`);
  return id;
}

/**
 * Rebuilds the data documents of `contentDir` into `distDir` (in process, no HTML pages: the hub
 * publishes documents only), swapped in like a real build. REBUILD_CRON's test runs the full build.
 */
export async function buildDist(contentDir: string, distDir: string, baseUrl = DEFAULT_BASE_URL): Promise<void> {
  await buildDataFixture({ contentDir, outDir: distDir, baseUrl });
}

/** Rows of the hub database, read through a second read-only connection (WAL allows it). */
export async function readHubDb<T = Record<string, unknown>>(dbPath: string, sql: string, ...params: (string | number)[]): Promise<T[]> {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
