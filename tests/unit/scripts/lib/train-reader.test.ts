import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../../../scripts/lib/absa-corpus.ts';
import { DEFAULT_HYPER, sha256, stableJson } from '../../../../scripts/lib/train-absa-model.ts';
import { trainReader } from '../../../../scripts/lib/train-reader.ts';
import { business } from '../../../helpers/sample-model.ts';
import { ROOT } from '../../../helpers/build-fixture.ts';

describe('shipped weights', () => {
  it('are what `npm run train` rebuilds from the train split of data/absa/corpus.jsonl, byte for byte: layers, calibration, rates and quote thresholds', async () => {
    const corpus = join(ROOT, 'data/absa/corpus.jsonl');
    const items = readCorpus(corpus, 'train');
    expect(items.length).toBeGreaterThan(1000);
    const fresh = stableJson((await trainReader(items, business, DEFAULT_HYPER, sha256(readFileSync(corpus, 'utf8')))).weights);
    expect(sha256(fresh)).toBe(sha256(readFileSync(join(ROOT, 'core/insights/model/absa-weights.json'), 'utf8')));
    // About 80 s alone on two cores with sixteen writers (eight models trained at once): room for a busy machine.
  }, 600_000);
});
