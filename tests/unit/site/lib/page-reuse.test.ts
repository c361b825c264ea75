import { afterEach, describe, expect, it } from 'vitest';
import { pageKey } from '../../../../core/build/page-key.ts';
import { pageFile, pagesToRender, providePageReuse, type PageReusePlan } from '../../../../site/lib/page-reuse.ts';

const entries = [1, 2, 3].map((n) => ({ path: `/reviews/page/${n}/`, reviews: [`r${n}`] }));
const render = () =>
  pagesToRender(
    entries,
    (e) => e.path,
    (e) => ({ reviews: e.reviews }),
  ).map((e) => e.path);
const plan = (previous: Map<string, string>, codeHash = 'code-1'): PageReusePlan => ({ codeHash, previous, keys: new Map(), reused: new Set() });

afterEach(() => providePageReuse(null));

describe('pagesToRender', () => {
  it('renders every page without a plan (astro dev, astro check)', () => {
    expect(render()).toEqual(['/reviews/page/1/', '/reviews/page/2/', '/reviews/page/3/']);
  });

  it('leaves out exactly the pages whose key the previous build recorded, and records every key', () => {
    const first = plan(new Map());
    providePageReuse(first);
    expect(render()).toHaveLength(3);
    expect([...first.keys.keys()]).toEqual(['reviews/page/1/index.html', 'reviews/page/2/index.html', 'reviews/page/3/index.html']);
    // Page 2's reviews change: only it is rendered again.
    entries[1]!.reviews = ['r2 edited'];
    const second = plan(first.keys);
    providePageReuse(second);
    expect(render()).toEqual(['/reviews/page/2/']);
    expect([...second.reused].sort()).toEqual(['reviews/page/1/index.html', 'reviews/page/3/index.html']);
    expect(second.keys.get('reviews/page/2/index.html')).not.toBe(first.keys.get('reviews/page/2/index.html'));
  });

  it('renders every page again when the rendering code changed', () => {
    const first = plan(new Map());
    providePageReuse(first);
    render();
    providePageReuse(plan(first.keys, 'code-2'));
    expect(render()).toHaveLength(3);
  });
});

describe('pageKey and pageFile', () => {
  it('a key depends on the code, the path and every input', () => {
    const base = pageKey('c', 'a/index.html', { x: 1 });
    expect(pageKey('c', 'a/index.html', { x: 1 })).toBe(base);
    expect(pageKey('d', 'a/index.html', { x: 1 })).not.toBe(base);
    expect(pageKey('c', 'b/index.html', { x: 1 })).not.toBe(base);
    expect(pageKey('c', 'a/index.html', { x: 2 })).not.toBe(base);
  });

  it('maps a page path to the file Astro writes', () => {
    expect(pageFile('/reviews/2024-06/')).toBe('reviews/2024-06/index.html');
  });
});
