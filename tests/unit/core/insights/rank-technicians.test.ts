import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../../core/random/create-random.ts';
import { rankTechnicians, type TechnicianReviews } from '../../../../core/insights/rank-technicians.ts';
import { SHARE_RULES } from '../../../../core/insights/quantify/share-rules.ts';
import type { EntityInsight } from '../../../../core/schemas/insights-schema.ts';

/**
 * The bootstrap as it ran before it stopped once decided: every replicate drawn, the leader read at the end. The
 * ranking must give the same answer as this for any ratings (rankTechnicians stops when the draws left cannot change it).
 */
function allReplicates(listed: TechnicianReviews, technicians: readonly EntityInsight[], prior: number): string | null {
  const eligible = technicians.filter(
    (t) => t.averageRating !== null && t.mentions >= 3 && t.aspects.reduce((s, a) => s + a.positive - a.negative, 0) > 0,
  );
  if (eligible.length < 2) return null;
  const ratings = eligible.map((t) => (listed[t.id] ?? []).map((r) => r.rating));
  const random = createRandom(SHARE_RULES.seed);
  const wins = eligible.map(() => 0);
  for (let b = 0; b < SHARE_RULES.replicates; b++) {
    let best = -1;
    let bestMean = -Infinity;
    const raw = ratings.map((rs) => {
      let sum = 0;
      for (let k = 0; k < rs.length; k++) sum += rs[Math.floor(random() * rs.length)]!;
      return sum / rs.length;
    });
    raw.forEach((mean, i) => {
      const shrunk = (mean * ratings[i]!.length + prior * 5) / (ratings[i]!.length + 5);
      if (shrunk > bestMean) [best, bestMean] = [i, shrunk];
    });
    if (raw.every((mean, i) => i === best || mean !== raw[best])) wins[best]!++;
  }
  const lead = wins.indexOf(Math.max(...wins));
  return wins[lead]! >= SHARE_RULES.leaderSupport * SHARE_RULES.replicates ? eligible[lead]!.id : null;
}

/** Technicians with ratings drawn around a mean each, one of them sometimes far ahead. */
function makeCase(seed: number): { listed: TechnicianReviews; technicians: EntityInsight[]; prior: number } {
  const random = createRandom(seed);
  const count = 2 + Math.floor(random() * 4);
  const listed: TechnicianReviews = {};
  const technicians: EntityInsight[] = [];
  for (let t = 0; t < count; t++) {
    const id = `t${t}`;
    const mean = 3 + random() * 2 + (t === 0 && seed % 3 === 0 ? 1 : 0);
    const n = 3 + Math.floor(random() * (seed % 2 ? 40 : 400));
    const reviews = Array.from({ length: n }, (_, i) => ({
      id: `r-${t}-${i}`,
      date: '2026-01-01',
      rating: Math.max(1, Math.min(5, Math.round(mean + (random() - 0.5) * 2))),
      named: random() < 0.5,
    }));
    listed[id] = reviews;
    const average = reviews.reduce((s, r) => s + r.rating, 0) / n;
    technicians.push({
      id,
      name: id,
      mentions: n,
      averageRating: average,
      aspects: [{ positive: 2, negative: 1 }],
      quotes: [],
      unquoted: [],
    } as unknown as EntityInsight);
  }
  return { listed, technicians, prior: 4.2 };
}

describe('rankTechnicians (the standout technician, by seeded bootstrap)', () => {
  it('stops drawing once the outcome is settled, and names the same technician (or none) as drawing every replicate', () => {
    let standouts = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const { listed, technicians, prior } = makeCase(seed);
      const expected = allReplicates(listed, technicians, prior);
      const { standout, compared } = rankTechnicians(listed, technicians, prior);
      expect(standout?.technician.id ?? null).toBe(expected);
      expect(compared).toBe(technicians.length);
      if (expected) standouts++;
    }
    // Both outcomes are exercised: cases with a standout, and cases without.
    expect(standouts).toBeGreaterThan(10);
    expect(standouts).toBeLessThan(140);
  });
});
