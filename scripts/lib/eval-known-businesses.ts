/**
 * The last part of `npm run eval`'s insights section: issue 23's businesses A and B (which the issue builds from
 * hidden sentences) built from our held-out writer's sentences, read as the build reads them, and each published
 * figure compared with the labels — what the issue checks on its own businesses: the mean error of the negative
 * shares, how many intervals hold the truth, the top complaint, and how many quotes and examples are true.
 */
import { analyzeReview } from '../../core/insights/analyze-review.ts';
import { buildInsights } from '../../core/insights/build-insights.ts';
import { intervalWords } from '../../core/insights/describe-share.ts';
import type { AbsaModel } from '../../core/insights/model/absa-model.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { CorpusItem } from './absa-corpus.ts';
import { clearlyWorst, isTrueClaim, knownTruth, knownTruthReviews, publishedClaims } from './known-truth-business.ts';

const points = (x: number) => (100 * x).toFixed(1);
const percent = (x: number) => `${Math.round(100 * x)}%`;

/** Prints, for business A (every sentence) and B (`worst` made clearly the worst aspect), the figures the issue checks. */
export function evaluateKnownBusinesses(test: readonly CorpusItem[], business: BusinessConfig, model: AbsaModel, worst = 'timeliness'): void {
  console.log("\n### issue 23's businesses A and B, made of the test writer's sentences (figures only)");
  const businesses: [string, readonly CorpusItem[]][] = [
    ['A (every sentence)', test],
    [`B (${worst} made clearly the worst)`, clearlyWorst(test, business, worst)],
  ];
  for (const [name, items] of businesses) {
    const doc = buildInsights({ business, reviews: knownTruthReviews(items, business) }, analyzeReview, model);
    const truth = knownTruth(items, business);
    const shared = doc.aspects.filter((a) => a.negativeShare);
    const error = shared.reduce((sum, a) => sum + Math.abs(a.negativeShare!.estimate - truth.get(a.id)!.share), 0) / Math.max(1, shared.length);
    const held = shared.filter((a) => {
      const t = truth.get(a.id)!.share;
      return t >= a.negativeShare!.low && t <= a.negativeShare!.high;
    }).length;
    const claims = publishedClaims(doc);
    const right = claims.filter((c) => isTrueClaim(c, items)).length;
    const facts = new Map(doc.summary.facts.map((f) => [f.key, f.value]));
    const truthWorst = [...shared].sort((a, b) => truth.get(b.id)!.share - truth.get(a.id)!.share)[0]?.id ?? 'none';
    console.log(
      `${name}: ${items.length} sentences; ${shared.length} aspects with a share; negative-share error ${points(error)} points (mean absolute); ` +
        `intervals hold the truth ${held} of ${shared.length}; topComplaint ${facts.get('topComplaint') ?? 'null'} (the worst of them by the labels: ${truthWorst}); ` +
        `quotes and examples true ${right} of ${claims.length} (${points(right / Math.max(1, claims.length))}%)`,
    );
    for (const a of shared) {
      const t = truth.get(a.id)!;
      const s = a.negativeShare!;
      console.log(
        `  ${a.id.padEnd(16)} truth ${percent(t.share).padStart(4)} of ${String(t.opinions).padStart(3)} opinions   published ${percent(s.estimate).padStart(4)} (${intervalWords(s)})`,
      );
    }
  }
}
