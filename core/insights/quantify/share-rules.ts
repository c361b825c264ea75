import type { ShareOptions } from './estimate-shares.ts';

/**
 * The rules for what the insights publish about shares (docs/insights.md, "What is published"):
 * 400 seeded bootstrap replicates, 90% intervals, no share below 30 estimated opinions (every method
 * is 8–10 points off below about 30: insights-quantification.md), and a top complaint or most praised
 * aspect only when it leads in 80% of the replicates with at least 5 estimated opinions on its side.
 */
export const SHARE_RULES: ShareOptions = {
  replicates: 400,
  level: 0.9,
  seed: 465, // 16 CFR Part 465: any fixed number keeps the bytes the same from build to build
  minOpinions: 30,
  minLeaderOpinions: 5,
  leaderSupport: 0.8,
};

/** Points of a share trend: the last four periods of the finest granularity in which each has enough opinions. */
export const TREND_POINTS = 4;
/** Replicates for each trend point (its interval only decides the trend word). */
export const TREND_REPLICATES = 200;
