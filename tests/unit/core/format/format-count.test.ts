import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, plural } from '../../../../core/format/format-count.ts';
import { layoutHistogram } from '../../../../site/lib/page-charts.ts';
import { ROOT } from '../../../helpers/build-fixture.ts';

/** Every .ts and .astro file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|astro)$/.test(e.name) ? [path] : [];
  });
}

describe('one number format for what the build publishes', () => {
  it('groups thousands, agrees nouns with counts, rounds shares', () => {
    expect(formatCount(19601)).toBe('19,601');
    expect(plural(1, 'star')).toBe('1 star');
    expect(plural(0, 'star')).toBe('0 stars');
    expect(plural(13251, 'review')).toBe('13,251 reviews');
    expect(formatPercent(0.676)).toBe('68%');
  });

  it('the histogram labels use it: "13,251 (68%)" beside "19,601", never "13251"', () => {
    const chart = layoutHistogram({
      average: 4.5,
      count: 19601,
      bestRating: 5,
      worstRating: 1,
      histogram: { '1': 1, '2': 0, '3': 2, '4': 6347, '5': 13251 },
    });
    expect(chart.rows.map((r) => r.label)).toEqual(['13,251 (68%)', '6,347 (32%)', '2 (0%)', '0 (0%)', '1 (0%)']);
    expect(chart.description).toContain('5 stars: 13,251 reviews (68%)');
  });

  it('no page or renderer formats numbers on its own (only core/format does; the widget speaks the visitor’s language)', () => {
    // spreadsheet-date.ts asks Intl for a locale's separators to *read* the owner's spreadsheets; it displays nothing.
    const own = ['core/format/format-count.ts', 'site/widget/shingle-reviews.ts', 'core/csv/spreadsheet-date.ts'];
    const offenders = [...sources(join(ROOT, 'core')), ...sources(join(ROOT, 'site'))]
      .map((path) => relative(ROOT, path))
      .filter((path) => !own.includes(path))
      .filter((path) => /\.toLocaleString\(|Intl\.NumberFormat\(/.test(readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
