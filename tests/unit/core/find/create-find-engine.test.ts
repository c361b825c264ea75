import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFindEngineSteps, createFindEngine, FIND_BUILD_CHUNK } from '../../../../core/find/create-find-engine.ts';
import { parseFindParams } from '../../../../core/find/parse-find-params.ts';
import { runFind } from '../../../../core/find/run-find.ts';
import { FindResponseSchema } from '../../../../core/find/find-response-schema.ts';
import { record, sampleModel } from '../../../helpers/sample-model.ts';

const model = sampleModel([
  record({
    id: 'r-1',
    date: '2025-05-01',
    text: 'The crew fixed a leak over the kitchen; Marco was great.',
    technicians: ['marco'],
    services: ['leak-repair'],
  }),
  record({
    id: 'r-2',
    date: '2025-04-01',
    text: 'Új tető, été brûlant: the new roof keeps us cool.',
    technicians: ['dave'],
    services: ['roof-replacement'],
    serviceArea: 'greeley',
  }),
  record({ id: 'r-3', date: '2025-03-01', text: 'Gutters cleaned, downspouts replaced. Leak gone, leak gone!', services: ['gutters'] }),
  record({
    id: 'r-4',
    date: '2025-02-01',
    rating: 1,
    text: 'Nobody called back about the skylight.',
    services: ['skylights'],
    title: 'Skylight never fixed',
  }),
  record({ id: 'r-5', date: '2025-01-01', text: '', technicians: ['priya'] }),
]);
const engine = createFindEngine(model.reviews, model.business);
const ids = (q: string, limit = 20) => engine.find({ q, limit }).hits.map((h) => h.review.id);

describe('createFindEngine', () => {
  it('ranks by relevance: a catalog match adds to a text match', () => {
    // r-1 says "leak" once and mentions the Leak repair service ("leak" is one of its synonyms); r-3 says it twice.
    expect(ids('leak')).toEqual(['r-1', 'r-3']);
    expect(ids('gone')).toEqual(['r-3']);
  });

  it('forgives one typo from 4 letters and two from 6, and finds the catalog by name, alias or synonym', () => {
    expect(ids('laek')).toEqual([]);
    expect(ids('leek')).toContain('r-1');
    expect(ids('skyligth')).toEqual(['r-4']);
    expect(ids('big dave')).toEqual(['r-2']);
    expect(ids('pria')).toEqual(['r-5']);
    expect(ids('greely')).toEqual(['r-2']);
  });

  it('matches the last word as a prefix, and folds accents', () => {
    expect(ids('downsp')).toEqual(['r-3']);
    expect(ids('ete brulant')).toEqual(['r-2']);
  });

  it('folds full-width and other compatibility forms (NFKC): ＲＯＯＦ finds what roof finds', () => {
    expect(ids('roof').length).toBeGreaterThan(0);
    expect(ids('ＲＯＯＦ')).toEqual(ids('roof'));
    expect(ids('ｄｏｗｎｓｐ')).toEqual(['r-3']);
  });

  it('needs most of the words, the rare ones weighing most, and falls back to some of them when no review has most', () => {
    // "kitchen" (1 review) is rarer than "leak" (2): r-3, with "leak" only, has less than half the query's weight.
    const all = engine.find({ q: 'leak kitchen', limit: 10 });
    expect(all.matchedAll).toBe(true);
    expect(all.hits.map((h) => h.review.id)).toEqual(['r-1']);
    // "gone" and "downspouts" are in r-3 only; r-1 has the third word, "leak", too: r-3 first, r-1 after it.
    const most = engine.find({ q: 'leak gone downspouts', limit: 10 });
    expect(most.hits.map((h) => h.review.id)).toEqual(['r-3']);
    expect(ids('kitchen crew gone')).toEqual(['r-1']);
    // Two words as rare as each other: a review with either has half the weight.
    const some = engine.find({ q: 'kitchen skylight', limit: 10 });
    expect(some.matchedAll).toBe(false);
    expect(some.hits.map((h) => h.review.id).sort()).toEqual(['r-1', 'r-4']);
  });

  it('finds a compound written as two words: "clean up" finds "cleanup"', () => {
    const cleanup = createFindEngine(
      [
        { ...model.reviews[0]!, id: 'c-1', text: 'Cleanup was perfect, not a nail left.' },
        { ...model.reviews[1]!, id: 'c-2', text: 'They picked up every nail.' },
        { ...model.reviews[2]!, id: 'c-3', text: 'New roof, all clean.' },
        // "up" is common, "clean" is not: a review with only "up" has too little of the query.
        ...['Showed up on time.', 'Cleared up the mess.', 'Followed up twice.'].map((text, i) => ({ ...model.reviews[3]!, id: `c-${i + 4}`, text })),
      ],
      model.business,
    );
    const found = cleanup.find({ q: 'did they clean up', limit: 10 });
    expect(found.hits.map((h) => h.review.id)).toEqual(['c-1', 'c-3']);
    const hit = found.hits[0]!;
    expect(hit.highlights.map((h) => hit.review.text.slice(h.start, h.end))).toEqual(['Cleanup']);
  });

  it('never selects by rating: a 1-star review is found like any other', () => {
    expect(ids('skylight')).toEqual(['r-4']);
  });

  it('gives highlights as offsets into the text and title', () => {
    const hit = engine.find({ q: 'skylight', limit: 1 }).hits[0]!;
    const words = hit.highlights.map((h) => (h.field === 'text' ? hit.review.text : hit.review.title!).slice(h.start, h.end));
    expect(words).toEqual(['skylight', 'Skylight']);
    const accents = engine.find({ q: 'ete', limit: 1 }).hits[0]!;
    expect(accents.highlights.map((h) => accents.review.text.slice(h.start, h.end))).toEqual(['été']);
  });

  it('answers stop words alone and empty corpora with nothing', () => {
    expect(engine.find({ q: 'the and', limit: 5 })).toEqual({ hits: [], total: 0, matchedAll: true });
    expect(createFindEngine([], model.business).find({ q: 'roof', limit: 5 }).total).toBe(0);
  });

  it('builds step by step to the same engine, yielding every FIND_BUILD_CHUNK reviews', () => {
    const many = Array.from({ length: FIND_BUILD_CHUNK * 2 + 5 }, (_, i) => ({ ...model.reviews[i % 5]!, id: `r-x-${i}` }));
    const steps = buildFindEngineSteps(many, model.business);
    const yielded: number[] = [];
    let next = steps.next();
    while (!next.done) {
      yielded.push(next.value);
      next = steps.next();
    }
    expect(yielded).toEqual([FIND_BUILD_CHUNK, FIND_BUILD_CHUNK * 2, many.length]);
    expect(next.value.find({ q: 'leak', limit: 100 })).toEqual(createFindEngine(many, model.business).find({ q: 'leak', limit: 100 }));
  });

  it('is deterministic and its responses match FindResponseSchema, whatever the words (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 1, max: 100 }), (q, limit) => {
        const parsed = parseFindParams(`q=${encodeURIComponent(q.replace(/[\ud800-\udfff]/g, ''))}&limit=${limit}`);
        if (!parsed.ok) return;
        const a = runFind(engine, parsed.value);
        expect(FindResponseSchema.safeParse(a).success).toBe(true);
        expect(runFind(engine, parsed.value)).toEqual(a);
        expect(a.count).toBeLessThanOrEqual(limit);
      }),
    );
  });
});

describe('ranked search needs most of the words, not all of them (property)', () => {
  // A corpus where a few words are common (in most reviews) and the rest are rare.
  const COMMON = ['very', 'good', 'job', 'crew', 'up', 'work'];
  const RARE = ['skylight', 'gutter', 'flashing', 'chimney', 'valley', 'soffit', 'fascia', 'vent', 'ridge', 'shingle', 'hail', 'estimate'];
  const reviews = Array.from({ length: 100 }, (_, i) => {
    const words = [...COMMON.filter((_, c) => (i * 7 + c * 3) % 10 < 7), RARE[i % RARE.length]!, RARE[(i * 5) % RARE.length]!];
    return { ...model.reviews[i % 5]!, id: `p-${String(i).padStart(3, '0')}`, title: undefined, text: words.join(' ') };
  });
  const corpus = createFindEngine(reviews, model.business);
  const find = (words: string[]) => corpus.find({ q: words.join(' '), limit: 100 });
  const docsWith = (word: string) => reviews.filter((r) => r.text.split(' ').includes(word)).length;
  const query = fc.uniqueArray(fc.constantFrom(...RARE, ...COMMON), { minLength: 1, maxLength: 4 });

  it('adding a stop-word-like word to a query never empties its results', () => {
    fc.assert(
      fc.property(query, fc.constantFrom(...COMMON), fc.nat(), (words, common, at) => {
        fc.pre(find(words).total > 0);
        const longer = [...words];
        longer.splice(at % (words.length + 1), 0, common);
        expect(find(longer).total).toBeGreaterThan(0);
      }),
    );
  });

  it('adding a word at least as common as every word of the query keeps every review that had all of them', () => {
    fc.assert(
      fc.property(query, fc.constantFrom(...COMMON), (words, common) => {
        fc.pre(!words.includes(common) && words.every((w) => docsWith(w) <= docsWith(common)));
        const hadAll = reviews.filter((r) => words.every((w) => r.text.split(' ').includes(w))).map((r) => r.id);
        const found = new Set(find([...words, common]).hits.map((h) => h.review.id));
        for (const id of hadAll) expect(found.has(id), `${id} for "${words.join(' ')} ${common}"`).toBe(true);
      }),
    );
  });
});
