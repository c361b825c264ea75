import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeReview } from '../../../../core/insights/analyze-review.ts';
import { collectInsightsPartial } from '../../../../core/insights/insights-partial.ts';
import { createPartialStore, partialKey } from '../../../../scripts/lib/insights-partial-store.ts';
import { review } from '../../../helpers/published-review.ts';
import { business, lexicon } from '../../../helpers/sample-model.ts';

const scratch = mkdtempSync(join(tmpdir(), 'shingle-ps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const ENGINE = 'e'.repeat(64);
const partial = collectInsightsPartial(
  [
    review('r-1', '2026-01-02', 5, 'Marco and his crew cleaned up every nail. The new roof looks great.'),
    review('r-2', '2026-01-05', 2, 'The final invoice was $400 over the quote and nobody called us back.'),
  ].map((r) => analyzeReview(r, business, lexicon)),
  business,
);
const key = partialKey(ENGINE, ['a'.repeat(64), 'b'.repeat(64)]);
const entry = (dir: string) => join(dir, ENGINE, 'partials', `${key}.bin`);

describe('the insights partial store', () => {
  it('gives back what was kept, value for value; another review or another order is another key', async () => {
    const dir = join(scratch, 'a');
    await createPartialStore(dir, ENGINE).save(key, partial);
    expect(await createPartialStore(dir, ENGINE).load(key)).toStrictEqual(partial);
    expect(partialKey(ENGINE, ['b'.repeat(64), 'a'.repeat(64)])).not.toBe(key);
    expect(partialKey(ENGINE, ['a'.repeat(64), 'c'.repeat(64)])).not.toBe(key);
    expect(partialKey('f'.repeat(64), ['a'.repeat(64), 'b'.repeat(64)])).not.toBe(key);
    expect(await createPartialStore(dir, ENGINE).load(partialKey(ENGINE, ['a'.repeat(64)]))).toBeNull();
  });

  it('reads an altered, truncated or planted entry as missing, and one in a folder others may write to', async () => {
    const dir = join(scratch, 'b');
    await createPartialStore(dir, ENGINE).save(key, partial);
    const bytes = readFileSync(entry(dir));
    const altered = Buffer.from(bytes);
    altered[altered.length - 3]! ^= 1;
    writeFileSync(entry(dir), altered);
    expect(await createPartialStore(dir, ENGINE).load(key)).toBeNull();
    writeFileSync(entry(dir), bytes.subarray(0, bytes.length - 10));
    expect(await createPartialStore(dir, ENGINE).load(key)).toBeNull();
    writeFileSync(entry(dir), bytes);
    expect(await createPartialStore(dir, ENGINE).load(key)).toStrictEqual(partial);
    chmodSync(join(dir, ENGINE, 'partials'), 0o777);
    expect(await createPartialStore(dir, ENGINE).load(key)).toBeNull();
    chmodSync(join(dir, ENGINE, 'partials'), 0o700);
    // Not a key at all: never read, never written.
    expect(await createPartialStore(dir, ENGINE).load('../../etc/passwd')).toBeNull();
  });

  it('tidy keeps what the build used and the newest 128 others, and removes a killed build’s leftover after a day', async () => {
    const dir = join(scratch, 'c');
    const folder = join(dir, ENGINE, 'partials');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const now = Date.now();
    const names = Array.from({ length: 140 }, (_, i) => `${i.toString(16).padStart(64, '0')}.bin`);
    names.forEach((name, i) => {
      writeFileSync(join(folder, name), 'x');
      utimesSync(join(folder, name), (now - i * 60_000) / 1000, (now - i * 60_000) / 1000); // name 0 the newest
    });
    const leftover = `.${'f'.repeat(64)}.bin.123.abcdef01.tmp`;
    writeFileSync(join(folder, leftover), 'x');
    utimesSync(join(folder, leftover), (now - 25 * 3600_000) / 1000, (now - 25 * 3600_000) / 1000);
    const used = names.at(-1)!.slice(0, -4); // the oldest, but in use
    await createPartialStore(dir, ENGINE).tidy(new Set([used]), now);
    const left = readdirSync(folder).sort();
    expect(left).toEqual([...names.slice(0, 128), names.at(-1)!].sort());
  });

  it('remembers which reviews a block’s last partial covers, and never names a key those reviews do not make', async () => {
    const dir = join(scratch, 'd');
    const store = createPartialStore(dir, ENGINE);
    await store.save(key, partial);
    const digests = ['a'.repeat(64), 'b'.repeat(64)];
    expect(await store.lastOf(7)).toBeNull();
    await store.remember(7, key, digests);
    expect(await createPartialStore(dir, ENGINE).lastOf(7)).toEqual({ key, digests });
    // Another engine's store makes another key from the same reviews: the record is not its.
    expect(await createPartialStore(dir, 'f'.repeat(64)).lastOf(7)).toBeNull();
    // A record whose key is not the one its reviews make (planted, or another block's) is not taken.
    writeFileSync(join(dir, ENGINE, 'partials', 'block-7.json'), JSON.stringify({ key, digests: ['a'.repeat(64)] }));
    expect(await createPartialStore(dir, ENGINE).lastOf(7)).toBeNull();
    writeFileSync(join(dir, ENGINE, 'partials', 'block-7.json'), '{"key":');
    expect(await createPartialStore(dir, ENGINE).lastOf(7)).toBeNull();
  });
});
