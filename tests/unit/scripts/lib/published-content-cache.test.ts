import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError } from '../../../../core/content/content-error.ts';
import { parseContent, type ContentFile } from '../../../../core/content/parse-content.ts';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { buildModerationRecord } from '../../../../core/model/moderation-record.ts';
import { publishReviews } from '../../../../core/model/publish-reviews.ts';
import { reviewDigest } from '../../../../core/model/review-digest.ts';
import { rememberedJson, reviewJson } from '../../../../core/model/review-json.ts';
import { documentJson } from '../../../../core/feeds/document-json.ts';
import { LINES_PER_PIECE, piecesOf, publishContentFiles, publishingCode } from '../../../../scripts/lib/published-content-cache.ts';
import { readContentTexts } from '../../../../site/lib/read-content-dir.ts';
import { manyRecords, reviewsFile } from '../../../helpers/sample-model.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-pc-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const texts = readContentTexts(resolve(import.meta.dirname, '../../../../content'));
const BASE = 'https://reviews.example';
const ENGINE = 'e'.repeat(64);

/** What the build has without any cache: parseContent and one publishReviews over every record. */
function uncached(files: readonly ContentFile[], baseUrl = BASE) {
  const content = parseContent(texts.business, [...files]);
  return { content, published: publishReviews(content.records, content.business, baseUrl, extractMentions) };
}

/** Everything the site model takes from the content, as text: the published reviews and held-back list byte for byte, the moderation record. */
function seen(r: {
  content: { records: readonly { record: Parameters<typeof buildModerationRecord>[0][number] }[] };
  published: ReturnType<typeof publishReviews>;
}) {
  return JSON.stringify({ published: r.published, moderation: buildModerationRecord(r.content.records.map((x) => x.record)) });
}

const CODE = 'c'.repeat(64);

async function publish(dir: string | null, files: readonly ContentFile[], baseUrl = BASE, engine = ENGINE, code = CODE) {
  const business = uncached([]).content.business;
  const out = await publishContentFiles(business, files, baseUrl, extractMentions, { dir, engine, code });
  await out.cache.flush();
  return out;
}

describe('published-content cache (a rebuild validates and publishes only the files that changed)', () => {
  it('reads back every unchanged file: the same reviews, held-back list and moderation record, byte for byte, with the same digests', async () => {
    const dir = join(scratch, 'same');
    const truth = uncached(texts.reviews);
    const cold = await publish(dir, texts.reviews);
    expect([cold.cache.reused, cold.cache.published]).toEqual([0, texts.reviews.length]);
    expect(seen(cold)).toBe(seen(truth));
    const warm = await publish(dir, texts.reviews);
    expect([warm.cache.reused, warm.cache.published]).toEqual([texts.reviews.length, 0]);
    expect(seen(warm)).toBe(seen(truth));
    // The digests read back are those of the reviews' JSON, and the reviews are frozen as the build's own are.
    for (const r of warm.published.reviews) expect(reviewDigest(r)).toBe(createHash('sha256').update(JSON.stringify(r)).digest('hex'));
    expect(warm.published.reviews.every(Object.isFrozen)).toBe(true);
    expect(warm.published.reviews).not.toBe(truth.published.reviews);
  });

  it('publishes again only the file whose bytes changed, and what it now says is what is published', async () => {
    const dir = join(scratch, 'edit');
    await publish(dir, texts.reviews);
    const [first, ...rest] = texts.reviews;
    const lines = first!.text.trimEnd().split('\n');
    const record = JSON.parse(lines[0]!) as { text: string };
    record.text = 'Edited: the gutters were cleaned twice and the crew came back for a loose flashing.';
    const edited = { ...first!, text: [JSON.stringify(record), ...lines.slice(1)].join('\n') + '\n' };
    const out = await publish(dir, [edited, ...rest]);
    expect([out.cache.reused, out.cache.published]).toEqual([rest.length, 1]);
    expect(seen(out)).toBe(seen(uncached([edited, ...rest])));
    expect(JSON.stringify(out.published)).toContain('Edited: the gutters were cleaned twice');
  });

  it('is keyed by BASE_URL and the engine (business, code): another of either publishes every file again', async () => {
    const dir = join(scratch, 'keys');
    await publish(dir, texts.reviews);
    const moved = await publish(dir, texts.reviews, 'https://other.example');
    expect(moved.cache.reused).toBe(0);
    expect(seen(moved)).toBe(seen(uncached(texts.reviews, 'https://other.example')));
    expect((await publish(dir, texts.reviews, BASE, 'f'.repeat(64))).cache.reused).toBe(0);
    expect((await publish(dir, texts.reviews, BASE, ENGINE, 'd'.repeat(64))).cache.reused).toBe(0);
  });

  it('keys on what publishing depends on outside core/: the lock file, this code, Node and its text libraries', () => {
    const a = join(scratch, 'lock-a.json');
    writeFileSync(a, '{"zod":"4.6.7"}');
    const before = publishingCode([a]);
    expect(publishingCode([a])).toBe(before);
    writeFileSync(a, '{"zod":"4.6.8"}');
    expect(publishingCode([a])).not.toBe(before);
    for (const runtime of ['node', 'icu', 'unicode', 'ada'])
      expect(publishingCode([a], { ...process.versions, [runtime]: 'other' })).not.toBe(publishingCode([a]));
  });

  it('cannot be fooled by a path that ends like the text of another file begins (the key is not a plain concatenation)', async () => {
    const dir = join(scratch, 'ambiguous');
    const valid = texts.reviews[0]!;
    await publish(dir, [{ path: 'content/reviews/2020.jsonl|x.jsonl', text: valid.text }]);
    const broken: ContentFile = { path: 'content/reviews/2020.jsonl', text: `x.jsonl|${valid.text}` };
    await expect(publish(dir, [broken])).rejects.toThrow(/2020\.jsonl:1.*not valid JSON/);
  });

  it('checks ids across every file, read back or not: a duplicate in a new file names both places', async () => {
    const dir = join(scratch, 'dup');
    await publish(dir, texts.reviews);
    const firstLine = texts.reviews[0]!.text.split('\n')[0]!;
    const again: ContentFile = { path: 'content/reviews/zz-new.jsonl', text: `${firstLine}\n` };
    const id = (JSON.parse(firstLine) as { id: string }).id;
    const failure = await publish(dir, [...texts.reviews, again]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as ContentError).message).toContain(`duplicate id, first used at ${texts.reviews[0]!.path}:1`);
    expect((failure as ContentError).issues).toContainEqual(expect.objectContaining({ file: again.path, line: 1, recordId: id, field: 'id' }));
  });

  it('does not read an entry whose parts disagree, even with its checksum made to match, nor one altered without it', async () => {
    const dir = join(scratch, 'disagree');
    await publish(dir, texts.reviews);
    const folder = join(dir, ENGINE);
    const [a, b] = readdirSync(folder).filter((n) => n.startsWith('published-'));
    const rewrite = (name: string, change: (body: { reviews: { rating: number }[]; digests: string[] }) => void, checksum: boolean) => {
      const text = readFileSync(join(folder, name), 'utf8');
      const head = text.slice(0, text.indexOf('\n') + 1);
      const tail = text.lastIndexOf('\n');
      const body = JSON.parse(text.slice(head.length, tail)) as { reviews: { rating: number }[]; digests: string[] };
      change(body);
      const out = JSON.stringify(body);
      const sum = checksum ? createHash('sha256').update(out).digest('hex') : text.slice(tail + 1);
      writeFileSync(join(folder, name), `${head}${out}\n${sum}`);
    };
    // A review (and its digest) dropped, the checksum made to match: the published list would lose a review.
    rewrite(a!, (body) => void [body.reviews.pop(), body.digests.pop()], true);
    // A rating changed, the checksum left as it was.
    rewrite(b!, (body) => void (body.reviews[0]!.rating = 1), false);
    const out = await publish(dir, texts.reviews);
    expect([out.cache.reused, out.cache.published]).toEqual([texts.reviews.length - 2, 2]);
    expect(seen(out)).toBe(seen(uncached(texts.reviews)));
  });

  it('keeps each review read back with its own JSON (what reviews.json is written from), and reads no entry whose lengths do not fit', async () => {
    const dir = join(scratch, 'json');
    await publish(dir, texts.reviews);
    const warm = await publish(dir, texts.reviews);
    for (const r of warm.published.reviews) {
      expect(rememberedJson(r)).toBe(JSON.stringify(r));
      expect(reviewJson(r)).toBe(JSON.stringify(r));
    }
    const doc = { version: '1.0.0', reviews: warm.published.reviews };
    expect(documentJson(doc)).toBe(JSON.stringify(doc));
    // One review's length a character longer and the next one's shorter: the same total, the checksum made to match.
    const folder = join(dir, ENGINE);
    const name = readdirSync(folder).find((n) => n.startsWith('published-') && readFileSync(join(folder, n), 'utf8').includes('},{'))!;
    const text = readFileSync(join(folder, name), 'utf8');
    const head = text.slice(0, text.indexOf('\n') + 1);
    const body = JSON.parse(text.slice(head.length, text.lastIndexOf('\n'))) as { lengths: number[] };
    body.lengths[0]! += 1;
    body.lengths[1]! -= 1;
    const out = JSON.stringify(body);
    writeFileSync(join(folder, name), `${head}${out}\n${createHash('sha256').update(out).digest('hex')}`);
    const again = await publish(dir, texts.reviews);
    expect([again.cache.reused, again.cache.published]).toEqual([texts.reviews.length - 1, 1]);
    expect(seen(again)).toBe(seen(uncached(texts.reviews)));
  });

  // Found by a helper's review: checked only for a brace at each end, lengths moved onto a `},{` inside a review's text
  // were taken, and reviews.json (written from the texts) was no longer JSON.
  it('reads no entry whose lengths cut a review inside its text, where the text holds },{ (the checksum made to match)', async () => {
    const dir = join(scratch, 'inner-cut');
    // Quotes, backslashes and brackets in a text are read back as they are.
    const files = [reviewsFile(manyRecords(3).map((r) => ({ ...r, text: `${r.text} "Great" crew},{would hire [again] \\ {yes}.` })))];
    await publish(dir, files);
    expect((await publish(dir, files)).cache.reused).toBe(1);
    const folder = join(dir, ENGINE);
    const [name] = readdirSync(folder).filter((n) => n.startsWith('published-'));
    const text = readFileSync(join(folder, name!), 'utf8');
    const head = text.slice(0, text.indexOf('\n') + 1);
    const body = JSON.parse(text.slice(head.length, text.lastIndexOf('\n'))) as { reviews: unknown[]; lengths: number[] };
    const cut = JSON.stringify(body.reviews[0]).indexOf('},{') + 1; // just after the `}` inside the first review's text
    body.lengths[1]! += body.lengths[0]! - cut;
    body.lengths[0] = cut;
    const out = JSON.stringify(body);
    writeFileSync(join(folder, name!), `${head}${out}\n${createHash('sha256').update(out).digest('hex')}`);
    const again = await publish(dir, files);
    expect([again.cache.reused, again.cache.published]).toEqual([0, 1]);
    for (const r of again.published.reviews) expect(reviewJson(r)).toBe(JSON.stringify(r));
    expect(seen(again)).toBe(seen(uncached(files)));
  });

  it('keeps no job reference (never published), in files only this user may read', async () => {
    const dir = join(scratch, 'private');
    await publish(dir, texts.reviews);
    const folder = join(dir, ENGINE);
    const names = readdirSync(folder).filter((n) => n.startsWith('published-'));
    const all = names.map((n) => readFileSync(join(folder, n), 'utf8')).join('');
    expect(texts.reviews.map((f) => f.text).join('')).toMatch(/"reference":/); // the content has some
    expect(all).not.toMatch(/"reference"/);
    for (const n of names) expect(statSync(join(folder, n)).mode & 0o077).toBe(0);
  });

  it('ignores an entry that is not whole or names another key, and one in a folder others may write to', async () => {
    const dir = join(scratch, 'bad');
    await publish(dir, texts.reviews);
    const folder = join(dir, ENGINE);
    const entries = readdirSync(folder).filter((n) => n.startsWith('published-'));
    expect(entries).toHaveLength(texts.reviews.length);
    // Cut short, and another entry's text under this one's name.
    const [a, b] = entries;
    writeFileSync(join(folder, a!), readFileSync(join(folder, a!), 'utf8').slice(0, 5_000));
    writeFileSync(join(folder, b!), readFileSync(join(folder, entries[2]!), 'utf8'));
    const out = await publish(dir, texts.reviews);
    expect([out.cache.reused, out.cache.published]).toEqual([texts.reviews.length - 2, 2]);
    expect(seen(out)).toBe(seen(uncached(texts.reviews)));
    // Group-writable: somebody else could have planted an entry, so none is read (nor written).
    chmodSync(dir, 0o777);
    expect((await publish(dir, texts.reviews)).cache.reused).toBe(0);
    chmodSync(dir, 0o700);
    expect((await publish(dir, texts.reviews)).cache.reused).toBe(texts.reviews.length);
  });

  it('reads back a file of more reviews than an entry is written at once (written in pieces)', async () => {
    const dir = join(scratch, 'large');
    const large = [reviewsFile(manyRecords(2_345), 'content/reviews/large.jsonl')];
    await publish(dir, large);
    const warm = await publish(dir, large);
    expect([warm.cache.reused, warm.published.reviews.length]).toEqual([Math.ceil(2_345 / LINES_PER_PIECE), 2_345]);
    expect(seen(warm)).toBe(seen(uncached(large)));
  });

  it('piecesOf: the pieces put together are the text, each starting after a multiple of LINES_PER_PIECE lines', () => {
    for (const lines of [0, 1, LINES_PER_PIECE - 1, LINES_PER_PIECE, LINES_PER_PIECE + 1, 2 * LINES_PER_PIECE + 7]) {
      for (const ending of ['', '\n', '\r\n']) {
        const text = Array.from({ length: lines }, (_, i) => `line ${i + 1}`).join(ending || '\n') + (lines > 0 ? ending : '');
        const pieces = piecesOf(text);
        expect(pieces.map((p) => p.text).join('')).toBe(text);
        expect(pieces.map((p) => p.before)).toEqual(pieces.map((_, k) => k * LINES_PER_PIECE));
        expect(pieces).toHaveLength(Math.max(1, Math.ceil(lines / LINES_PER_PIECE)));
        for (const p of pieces.filter((x) => x.text !== '')) {
          expect(p.text.split('\n')[0]!.trim()).toBe(`line ${p.before + 1}`);
          expect(p.text.split('\n').filter((l) => l.trim() !== '')).toHaveLength(Math.min(LINES_PER_PIECE, lines - p.before));
        }
      }
    }
  });

  it('a review added at the end of a file of several pieces publishes its last piece again, and nothing else: the same bytes as without the cache', async () => {
    const dir = join(scratch, 'append');
    const records = manyRecords(2_500);
    const before = [reviewsFile(records.slice(0, 2_400), 'content/reviews/large.jsonl')];
    await publish(dir, before);
    const after = [reviewsFile(records, 'content/reviews/large.jsonl')];
    const out = await publish(dir, after);
    expect([out.cache.reused, out.cache.published]).toEqual([2, 1]);
    expect(seen(out)).toBe(seen(uncached(after)));
    expect(out.published.reviews).toHaveLength(2_500);
  });

  it('numbers lines past the first piece as the file does: a held-back review and a broken line are named by their line in the file', async () => {
    const dir = join(scratch, 'lines');
    const records: unknown[] = manyRecords(2_100);
    records[1_233] = { ...(records[1_233] as object), verification: { status: 'unverified', reason: 'no matching job found' } };
    const file = reviewsFile(records, 'content/reviews/large.jsonl');
    const cold = await publish(dir, [file]);
    expect(cold.published.heldBack).toEqual([expect.objectContaining({ id: 'r-1233', file: file.path, line: 1_234 })]);
    const warm = await publish(dir, [file]);
    expect(warm.cache.reused).toBe(3);
    expect(seen(warm)).toBe(seen(uncached([file])));
    const broken = reviewsFile([...records.slice(0, 1_699), '{"id": "r-1699", oops', ...records.slice(1_700)], file.path);
    const failure = await publish(dir, [broken]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ContentError);
    expect((failure as ContentError).issues).toEqual([expect.objectContaining({ file: file.path, line: 1_700 })]);
  });

  it('removes entries no build used for a day, and what a stopped build left half-written, never one in use', async () => {
    const dir = join(scratch, 'tidy');
    await publish(dir, texts.reviews);
    const folder = join(dir, ENGINE);
    const inUse = readdirSync(folder).filter((n) => n.startsWith('published-'));
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const plant = (name: string, time: Date) => {
      writeFileSync(join(folder, name), 'x');
      utimesSync(join(folder, name), time, time);
    };
    const stale = `published-${'a'.repeat(64)}.json`;
    const recent = `published-${'b'.repeat(64)}.json`;
    const partial = `.published-${'c'.repeat(64)}.json.123.0badcafe.tmp`;
    const writing = `.published-${'d'.repeat(64)}.json.124.0badcafe.tmp`;
    const other = 'pack-0123456789abcdef.bin';
    plant(stale, old);
    plant(recent, new Date());
    plant(partial, old);
    plant(writing, new Date());
    plant(other, old);
    for (const name of inUse) utimesSync(join(folder, name), old, old); // in use, however old
    await publish(dir, texts.reviews);
    expect([stale, partial].filter((n) => existsSync(join(folder, n)))).toEqual([]);
    expect([recent, writing, other, ...inUse].every((n) => existsSync(join(folder, n)))).toBe(true);
  });

  it('with no cache folder (SHINGLE_ANALYSIS_CACHE=off) publishes every file, as before', async () => {
    const out = await publish(null, texts.reviews);
    expect([out.cache.folder, out.cache.reused, out.cache.published]).toEqual([null, 0, texts.reviews.length]);
    expect(seen(out)).toBe(seen(uncached(texts.reviews)));
  });
});
