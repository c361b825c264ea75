/**
 * The code maps at the top of the doc pages name files that exist, so a newcomer's one hop lands
 * somewhere; and no page cites a spec file that is not in the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
// Every page under docs/ opens with its code map (docs/examples/ holds code, not pages).
const PAGES = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);

/** The rows of the page's "## Code map" table. */
function codeMapRows(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const start = text.indexOf('\n## Code map\n');
  expect(start, `${page} has a "## Code map" section`).toBeGreaterThan(0);
  const section = text.slice(start + 1).split(/\n## /)[0]!;
  return section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Concern'));
}

describe('code maps', () => {
  it.each(PAGES)('%s: every path its code map names exists', (page) => {
    const rows = codeMapRows(page);
    expect(rows.length).toBeGreaterThan(5);
    const paths = rows.flatMap((row) => [...row.matchAll(/`([a-z]+\/[\w./-]+)`/g)].map((m) => m[1]!)).filter((p) => !p.includes('*'));
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(existsSync(join(ROOT, path)), `${page} names ${path}`).toBe(true);
  });

  it('docs/websub.md cites no spec file outside the repository', () => {
    expect(readFileSync(join(ROOT, 'docs/websub.md'), 'utf8')).not.toMatch(/shared\/spec/);
  });
});
