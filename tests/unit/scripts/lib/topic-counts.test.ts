import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { insightsBlocks } from '../../../../core/insights/insights-blocks.ts';
import type { Review } from '../../../../core/schemas/review-schema.ts';
import { topicCounts } from '../../../../scripts/lib/topic-counts.ts';
import { countTopicPhrases, provideTopicCounts, topicLinks } from '../../../../site/lib/topic-links.ts';
import { privateEngineFolder } from '../../../helpers/private-engine-folder.ts';
import { manyRecords, sampleModel } from '../../../helpers/sample-model.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-tc-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const reviews = sampleModel(manyRecords(300)).reviews.map((r, i) => ({ ...r, text: `${r.text} ${i % 3 ? 'Final bill' : 'the crew'} was fine.` }));
const blocks = insightsBlocks(reviews.map((r) => r.id));
const keysOf = (list: readonly Review[]) => blocks.map((block) => block.map((i) => list[i]!.text).join('|'));
const phrases = ['final bill', 'crew', 'roof', 'nowhere to be found'];
const truth = (list: readonly Review[]) => new Map(phrases.map((p, i) => [p, countTopicPhrases(list, phrases)[i]!]));

const engineFolder = (name: string) => privateEngineFolder(scratch, name);

describe('the home page topic counts kept per block of reviews', () => {
  it('sums the blocks to what counting every review finds, and takes a kept block as kept', async () => {
    const folder = engineFolder('a');
    expect(await topicCounts(folder, reviews, blocks, keysOf(reviews), phrases)).toEqual(truth(reviews));
    expect(readdirSync(folder)).toEqual(['topic-counts.json']);
    // The same block keys say the same reviews: kept counts are taken without reading the texts (these differ on purpose).
    const blank = reviews.map((r) => ({ ...r, text: '' }));
    expect(await topicCounts(folder, blank, blocks, keysOf(reviews), phrases)).toEqual(truth(reviews));
    // A block whose key changed (a review added, edited or removed) is counted again, the others taken.
    const edited = reviews.map((r, i) => (i === 5 ? { ...r, text: `${r.text} The crew again.` } : r));
    const keys = keysOf(edited);
    const changed = blocks.findIndex((b) => b.includes(5));
    const mixed = edited.map((r, i) => (blocks[changed]!.includes(i) ? r : { ...r, text: '' }));
    expect(await topicCounts(folder, mixed, blocks, keys, phrases)).toEqual(truth(edited));
    // A phrase not counted before is counted in every block.
    expect((await topicCounts(folder, edited, blocks, keys, [...phrases, 'was fine'])).get('was fine')).toBe(reviews.length);
  });

  it('reads an altered or cut-short file as empty, and keeps none in a folder others may write to', async () => {
    const folder = engineFolder('b');
    await topicCounts(folder, reviews, blocks, keysOf(reviews), phrases);
    const file = join(folder, 'topic-counts.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/"crew":\d+/, '"crew":99999'));
    const blank = reviews.map((r) => ({ ...r, text: '' }));
    expect((await topicCounts(folder, blank, blocks, keysOf(reviews), phrases)).get('crew')).toBe(0);
    writeFileSync(file, text.slice(0, 100));
    expect((await topicCounts(folder, blank, blocks, keysOf(reviews), phrases)).get('crew')).toBe(0);
    const open = engineFolder('c');
    chmodSync(join(scratch, 'c'), 0o777);
    expect(await topicCounts(open, reviews, blocks, keysOf(reviews), phrases)).toEqual(truth(reviews));
    expect(readdirSync(open)).toEqual([]);
  });

  it('the home page takes the counts the build made only for the very list it was given, and counts any other phrase', () => {
    provideTopicCounts(reviews, new Map([['crew', 7]]));
    try {
      const links = topicLinks(['crew', 'final bill'], reviews);
      expect(links).toEqual([
        { phrase: 'final bill', count: truth(reviews).get('final bill') },
        { phrase: 'crew', count: 7 },
      ]);
      expect(topicLinks(['crew'], [...reviews])).toEqual([{ phrase: 'crew', count: truth(reviews).get('crew') }]);
    } finally {
      provideTopicCounts(reviews, null);
    }
  });
});
