import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { renderAtom } from '../../../../core/feeds/render-atom.ts';
import { checkAtom } from '../../../../scripts/lib/check-dist.ts';
import { manyRecords, record, sampleModel } from '../../../helpers/sample-model.ts';

describe('Atom feed', () => {
  const model = sampleModel([
    ...manyRecords(60),
    record({ id: 'r-evil', date: '2025-01-01', title: 'A & B <c>', text: 'Bad\u0001char ]]> <b>x</b>' }),
  ]);
  const xml = renderAtom(model);

  it('has every element RFC 4287 requires, self and hub links', () => {
    expect(checkAtom(xml)).toEqual([]);
    expect(xml).toContain('<link rel="hub" href="https://reviews.example/api/websub/hub"/>');
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://reviews.example/feed.xml"/>');
  });

  it('is parsed by a real feed reader library', async () => {
    const feed = await new Parser().parseString(xml);
    expect(feed.items).toHaveLength(50);
    expect(feed.items[0]!.title).toContain('A & B <c>');
    expect(feed.items[0]!.link).toBe('https://reviews.example/reviews/2025-01/#r-evil');
  });

  it('checkAtom catches a feed missing required elements', () => {
    expect(checkAtom(xml.replace(/<updated>[^<]*<\/updated>/, ''))).toContain('feed lacks <updated>');
    expect(checkAtom('<feed>')[0]).toMatch(/not well-formed/);
  });

  it('takes updated from the data, not the clock', () => {
    expect(xml).toMatch(/<updated>2025-01-01T00:00:00Z<\/updated>/);
  });
});
