import { chmodSync, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeReview, type AnalyzedReview } from '../../../../core/insights/analyze-review.ts';
import { compileAspectLexicon } from '../../../../core/insights/aspect-lexicon.ts';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { publishReviews } from '../../../../core/model/publish-reviews.ts';
import type { Review } from '../../../../core/schemas/review-schema.ts';
import { analyzeReviews } from '../../../../scripts/lib/analyze-reviews.ts';
import { createAnalysisStore, ENGINE_FILES, engineKey } from '../../../../scripts/lib/review-analysis-cache.ts';
import { readContentDir } from '../../../../site/lib/read-content-dir.ts';
import { runOnFullDisk } from '../../../helpers/run-on-full-disk.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-ac-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const content = readContentDir(resolve(import.meta.dirname, '../../../../content'));
const business = content.business;
const reviews = publishReviews(content.records, business, 'http://localhost:4321', extractMentions).reviews.slice(0, 60);
const lexicon = compileAspectLexicon(business);
/** The fields the aggregations read (the AnalyzedReview type) of a full analysis, picked by hand. */
const narrow = (a: AnalyzedReview): AnalyzedReview => ({
  review: a.review,
  quarter: a.quarter,
  sentences: a.sentences.map((s) => ({ start: s.start, end: s.end, phrases: s.phrases, ...(s.clauses && { clauses: s.clauses }) })),
  mentions: a.mentions,
  mass: a.mass,
  named: a.named,
  sentenceScores: a.sentenceScores,
  unread: a.unread,
});
/** What the engine itself says (compared with toStrictEqual: Object.is on every value, so -0 and NaN too). */
const truth = (list: readonly Review[]) => list.map((r) => narrow(analyzeReview(r, business, lexicon)));
const via = (analyzer: Awaited<ReturnType<typeof analyzeReviews>>['analyzer'], list: readonly Review[]) =>
  list.map((r) => analyzer(r, business, lexicon));

// The first two cases start worker threads that each load the engine: 3.5 s alone, over Vitest's 5 s default in a
// full unit run on a busy 2-core machine (it timed out there before this limit).
describe('per-review analysis reuse', { timeout: 30_000 }, () => {
  it('reads every review once, on worker threads, then reuses every analysis; both exactly what the engine returns', async () => {
    const store = () => createAnalysisStore(join(scratch, 'a'), engineKey(business));
    // Batches of 7: each worker is handed its 30 reviews a few at a time, two batches in flight.
    let started = 0;
    const onWorkers = () => started++;
    const cold = await analyzeReviews(reviews, business, { store: store(), threads: 2, workersFrom: 10, batch: 7, onWorkers });
    expect([cold.reused, cold.analysed, started]).toEqual([0, 60, 1]);
    expect(via(cold.analyzer, reviews)).toStrictEqual(truth(reviews));
    const warm = await analyzeReviews(reviews, business, { store: store(), threads: 2, workersFrom: 10, onWorkers });
    expect([warm.reused, warm.analysed, started]).toEqual([60, 0, 1]); // nothing read afresh: no workers, no call
    expect(via(warm.analyzer, reviews)).toStrictEqual(truth(reviews));
  });

  it('a worker that runs out of heap leaves its reviews to the main thread, with the same result', async () => {
    const done = await analyzeReviews(reviews, business, { store: null, threads: 2, workersFrom: 10, workerHeapMb: 8 });
    expect(done.analysed).toBe(60);
    expect(via(done.analyzer, reviews)).toStrictEqual(truth(reviews));
  });

  it('a worker that fails part-way: its posted answers are taken once, the rest read on the main thread, nothing after', async () => {
    let ticks = 0;
    const progress = { start: () => undefined, tick: (n = 1) => void (ticks += n), done: () => undefined };
    const workerModule = new URL('../../../helpers/failing-analysis-worker.ts', import.meta.url);
    const done = await analyzeReviews(reviews, business, { store: null, threads: 2, workersFrom: 10, batch: 7, progress, workerModule });
    expect(done.analysed).toBe(60);
    expect(via(done.analyzer, reviews)).toStrictEqual(truth(reviews));
    // Answers a failed worker had posted are delivered before its exit; any still queued would arrive in these turns.
    for (let turn = 0; turn < 20; turn++) await new Promise((settle) => setImmediate(settle));
    expect(ticks).toBe(60);
  });

  it('an edited review is read again: its analysis is never the old text', async () => {
    const store = () => createAnalysisStore(join(scratch, 'b'), engineKey(business));
    await analyzeReviews(reviews, business, { store: store() });
    const edited = reviews.map((r, i) => (i === 3 ? { ...r, text: 'The crew was rude and the roof leaks again.' } : r));
    const again = await analyzeReviews(edited, business, { store: store() });
    expect([again.reused, again.analysed]).toEqual([59, 1]);
    expect(via(again.analyzer, edited)).toStrictEqual(truth(edited));
  });

  it('ignores an altered or truncated pack, and a folder others may write to', async () => {
    const dir = join(scratch, 'c');
    const engine = engineKey(business);
    await analyzeReviews(reviews, business, { store: createAnalysisStore(dir, engine) });
    const [pack] = readdirSync(join(dir, engine));
    const bytes = readFileSync(join(dir, engine, pack!));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 1, bytes.length - 10); // a planted change to one analysis
    writeFileSync(join(dir, engine, pack!), bytes);
    expect((await analyzeReviews(reviews, business, { store: createAnalysisStore(dir, engine) })).reused).toBe(0);
    writeFileSync(join(dir, engine, pack!), bytes.subarray(0, 100));
    const other = join(scratch, 'd');
    await analyzeReviews(reviews, business, { store: createAnalysisStore(other, engine) });
    chmodSync(other, 0o777);
    expect((await analyzeReviews(reviews, business, { store: createAnalysisStore(other, engine) })).reused).toBe(0);
  });

  it('leaves no half-written pack when the disk fills up, and removes one a killed build left once it is a day old', async () => {
    const dir = join(scratch, 'full');
    const engine = engineKey(business);
    const moduleUrl = pathToFileURL(resolve(import.meta.dirname, '../../../../scripts/lib/review-analysis-cache.ts')).href;
    // 2,000 analyses of 1 KiB: a pack far past what the disk can take.
    const run = runOnFullDisk(`
      import { createAnalysisStore } from ${JSON.stringify(moduleUrl)};
      const entries = Array.from({ length: 2000 }, (_, i) => [Buffer.alloc(32, i % 256), Buffer.alloc(1024, 7)]);
      await createAnalysisStore(${JSON.stringify(dir)}, ${JSON.stringify(engine)}).add(entries);
      console.log('added');
    `);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('added'); // the cache never fails a build
    expect(readdirSync(join(dir, engine))).toEqual([]);

    const killed = join(dir, engine, `.pack-${'a'.repeat(16)}.bin.4242.tmp`);
    const writing = join(dir, engine, `.pack-${'b'.repeat(16)}.bin.4243.tmp`);
    const other = join(dir, engine, 'notes.txt');
    for (const f of [killed, writing, other]) writeFileSync(f, 'x');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    utimesSync(killed, twoDaysAgo, twoDaysAgo);
    utimesSync(other, twoDaysAgo, twoDaysAgo);
    await createAnalysisStore(dir, engine).tidy(new Set());
    expect(readdirSync(join(dir, engine)).sort()).toEqual([`.pack-${'b'.repeat(16)}.bin.4243.tmp`, 'notes.txt']);
  });

  // A nightly rebuild asks for its one new review: found in no pack, and no pack of 100 MB is read to learn it.
  it('reads a pack whole only when its index names a key asked, and finds every entry of every pack', async () => {
    const dir = join(scratch, 'index');
    const engine = 'e'.repeat(64);
    const entry = (i: number): [Buffer, Buffer] => [Buffer.alloc(32, i), Buffer.from(`analysis ${i} `.repeat(i + 1))];
    const hex = (i: number) => entry(i)[0].toString('hex');
    const writer = createAnalysisStore(dir, engine);
    await writer.add([0, 1, 2].map(entry));
    await writer.add([3, 4].map(entry));
    await writer.add([5].map(entry));
    const ask = async (keys: number[]) => {
      const store = createAnalysisStore(dir, engine);
      const taken: [string, string][] = [];
      const found = await store.load(new Set(keys.map(hex)), (key, bytes) => taken.push([key, bytes.toString()]));
      return { found, taken: taken.sort(), read: store.packsRead() };
    };
    expect(await ask([9, 10])).toEqual({ found: 0, taken: [], read: 0 });
    const some = await ask([4, 9]);
    expect(some).toEqual({ found: 1, taken: [[hex(4), entry(4)[1].toString()]], read: 1 });
    const all = await ask([0, 1, 2, 3, 4, 5]);
    expect([all.found, all.read]).toEqual([6, 3]);
    expect(all.taken).toEqual([0, 1, 2, 3, 4, 5].map((i) => [hex(i), entry(i)[1].toString()]).sort());
    // An index that names a key its pack does not hold is read whole and refused by the checksum.
    const packs = readdirSync(join(dir, engine)).filter((n) => n.startsWith('pack-'));
    for (const name of packs) {
      const bytes = readFileSync(join(dir, engine, name));
      const at = bytes.indexOf(entry(5)[0]);
      if (at < 0) continue;
      bytes.fill(9, at, at + 32); // the index now names entry 9
      writeFileSync(join(dir, engine, name), bytes);
    }
    expect(await ask([9])).toEqual({ found: 0, taken: [], read: 1 });
    expect((await ask([5])).found).toBe(0);
  });

  it('keys on the business configuration as well as the engine', () => {
    expect(engineKey({ ...business, name: `${business.name} II` })).not.toBe(engineKey(business));
    expect(engineKey(structuredClone(business))).toBe(engineKey(business));
  });

  // The engine reads VADER's word list from node_modules: an npm update that changes a valence is another engine.
  it('keys on the files outside core/ that the engine reads: the word list in node_modules and the codec', () => {
    expect(ENGINE_FILES.some((f) => f.endsWith(join('vader-sentiment', 'src', 'vader_lexicon.js')))).toBe(true);
    expect(ENGINE_FILES.some((f) => f.endsWith(join('scripts', 'lib', 'analysis-codec.ts')))).toBe(true);
    expect(ENGINE_FILES.every((f) => existsSync(f))).toBe(true);
    const copies = ENGINE_FILES.map((f, i) => {
      const copy = join(scratch, `engine-file-${i}`);
      copyFileSync(f, copy);
      return copy;
    });
    const before = engineKey(business, copies);
    expect(engineKey(business, ENGINE_FILES)).toBe(before);
    const words = readFileSync(copies[0]!, 'utf8');
    expect(words).toContain('great: 3.1,');
    writeFileSync(copies[0]!, words.replace('great: 3.1,', 'great: -3.1,'));
    expect(engineKey(business, copies)).not.toBe(before);
  });
});
