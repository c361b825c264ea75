/**
 * `npm run train`: rebuilds core/insights/model/absa-weights.json from the train split of
 * data/absa/corpus.jsonl — byte-identical for the same corpus (full-batch training, fixed order,
 * rounded weights, sorted keys). The test split is never opened. The lexicon is the sample business's
 * (content/business.json): the model ships with the engine, whatever content folder is in use.
 *   --check        rebuild in memory and compare with the shipped file (exit 1 when it differs)
 *   --corpus FILE, --out FILE   other paths (smoke tests)
 *   --cv K         K-fold cross-validation by writer on the train split over a small grid of
 *                  regularisation strengths and thresholds; prints figures, writes nothing
 *   --quiet        no progress lines
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseBusiness } from '../core/content/parse-content.ts';
import { compileAspectLexicon } from '../core/insights/aspect-lexicon.ts';
import { loadModel, RULES_ONLY } from '../core/insights/model/absa-model.ts';
import { readCorpus, type CorpusItem } from './lib/absa-corpus.ts';
import { scoreCorpus } from './lib/score-corpus.ts';
import { DEFAULT_HYPER, sha256, stableJson, trainAbsaModel, type Hyper } from './lib/train-absa-model.ts';
import { trainReader } from './lib/train-reader.ts';
import { defineCommand, flags, texts } from './lib/cli.ts';
import { createProgress } from './lib/progress.ts';

const root = resolve(import.meta.dirname, '..');
const cli = defineCommand({
  usage:
    'usage: npm run train [-- --check] [--corpus FILE] [--out FILE] [--quiet]\n' +
    '       npm run train -- --cv K [--l2 0.003,0.01] [--l2-text 0.002] [--min 2] [--neutral 1] [--text 1] [--stars 0,1] [--thresholds 0.35] [--vetoes 0.1] [--trusts 0.5]',
  options: {
    ...flags('check', 'quiet'),
    ...texts('corpus', 'out', 'cv', 'l2', 'l2-text', 'min', 'neutral', 'text', 'stars', 'thresholds', 'vetoes', 'trusts'),
  },
});
const { values } = cli.parse(process.argv.slice(2).filter((a) => a !== '--'));
const corpusPath = values.corpus ? resolve(values.corpus) : join(root, 'data/absa/corpus.jsonl');
const outPath = values.out ? resolve(values.out) : join(root, 'core/insights/model/absa-weights.json');
if (!existsSync(corpusPath)) cli.fail(`--corpus ${corpusPath}: no such file`);
const businessPath = join(root, 'content/business.json');
const business = parseBusiness({ path: businessPath, text: readFileSync(businessPath, 'utf8') });
const lexicon = compileAspectLexicon(business);
const aspects = business.aspects.map((a) => a.id);
const items = readCorpus(corpusPath, 'train');
const digest = sha256(readFileSync(corpusPath, 'utf8'));

function crossValidate(k: number, grid: Partial<Hyper>[], thresholds: number[], vetoes: number[], trusts: number[]): void {
  const writers = [...new Set(items.map((it) => it.writer))].sort();
  const fold = new Map(writers.map((w, i) => [w, i % k]));
  console.log(`cross-validation by writer: ${writers.length} writers, ${items.length} sentences, ${k} folds`);
  for (const g of grid) {
    const hyper = { ...DEFAULT_HYPER, ...g };
    const held: CorpusItem[][] = [];
    const models = [];
    for (let f = 0; f < k; f++) {
      const trainSet = items.filter((it) => fold.get(it.writer) !== f);
      held.push(items.filter((it) => fold.get(it.writer) === f));
      models.push(loadModel(trainAbsaModel(trainSet, aspects, lexicon, hyper)));
    }
    for (const [t, veto, trust] of thresholds.flatMap((t) => vetoes.flatMap((v) => trusts.map((u) => [t, v, u] as const)))) {
      let term = 0,
        termN = 0,
        all = 0,
        allN = 0,
        f1 = 0,
        af1 = 0;
      for (let f = 0; f < k; f++) {
        models[f]!.category!.threshold = t;
        models[f]!.category!.veto = veto;
        models[f]!.polarity!.trust = trust;
        const s = scoreCorpus(held[f]!, lexicon, models[f]!);
        term += s.term.accuracy * s.term.n;
        termN += s.term.n;
        all += s.all.accuracy * s.all.n;
        allN += s.all.n;
        f1 += s.pairs.f1 / k;
        af1 += s.aspectsOnly.f1 / k;
      }
      console.log(
        `l2 cat ${hyper.l2Category} pol ${hyper.l2Polarity} (n-grams ${hyper.l2PolarityText}) min ${hyper.minCount} neutral×${hyper.neutralWeight} text ${hyper.polarityText} stars ${hyper.starWords} threshold ${t} veto ${veto} trust ${trust}: term polarity ${((100 * term) / termN).toFixed(1)}%  all labels ${((100 * all) / allN).toFixed(1)}%  detection F1 ${f1.toFixed(3)}  aspect-only F1 ${af1.toFixed(3)}`,
      );
    }
  }
}

if (values.cv !== undefined) {
  const k = cli.int(values.cv, '--cv', { min: 2, max: 20 })!;
  const rules = scoreCorpus(items, lexicon, RULES_ONLY);
  console.log(
    `rules alone on the train split: term polarity ${(100 * rules.term.accuracy).toFixed(1)}%  all labels ${(100 * rules.all.accuracy).toFixed(1)}%  detection F1 ${rules.pairs.f1.toFixed(3)}  aspect-only F1 ${rules.aspectsOnly.f1.toFixed(3)}`,
  );
  const list = (name: 'l2' | 'l2-text' | 'min' | 'neutral' | 'text' | 'stars' | 'thresholds' | 'vetoes' | 'trusts', fallback: number[]) => {
    const text = values[name];
    if (text === undefined) return fallback;
    const numbers = text.split(',').map(Number);
    if (numbers.some((n) => !Number.isFinite(n))) cli.fail(`--${name} must be numbers separated by commas (got "${text}")`);
    return numbers;
  };
  // --l2 sets both layers' strength; --l2-text the polarity layer's n-grams (default: DEFAULT_HYPER's).
  const grid = list('l2', [3e-3]).flatMap((l2) =>
    list('l2-text', [DEFAULT_HYPER.l2PolarityText]).flatMap((l2Text) =>
      list('min', [2]).flatMap((minCount) =>
        list('neutral', [1]).flatMap((neutralWeight) =>
          list('text', [1]).flatMap((text) =>
            list('stars', [DEFAULT_HYPER.starWords ? 1 : 0]).map((stars) => ({
              l2Category: l2,
              l2Polarity: l2,
              l2PolarityText: l2Text,
              minCount,
              neutralWeight,
              polarityText: text === 1,
              starWords: stars === 1,
            })),
          ),
        ),
      ),
    ),
  );
  crossValidate(k, grid, list('thresholds', [0.3]), list('vetoes', [0.1]), list('trusts', [0.5]));
} else {
  const trained = await trainReader(items, business, DEFAULT_HYPER, digest, createProgress({ quiet: values.quiet ?? false }));
  const text = stableJson(trained.weights);
  if (values.check) {
    const same = readFileSync(outPath, 'utf8') === text;
    console.log(same ? 'absa-weights.json is up to date' : 'absa-weights.json differs from a fresh training run');
    process.exit(same ? 0 : 1);
  }
  writeFileSync(`${outPath}.tmp`, text);
  renameSync(`${outPath}.tmp`, outPath);
  const e = trained.ece;
  const q = trained.weights.quotes!;
  console.log(`wrote ${outPath}: ${items.length} training sentences, ${text.length} bytes, sha256 ${sha256(text).slice(0, 16)}`);
  console.log(
    `held-out calibration error (ECE): mentions ${e.mentionBefore.toFixed(3)} -> ${e.mentionAfter.toFixed(3)}, polarity ${e.polarityBefore.toFixed(3)} -> ${e.polarityAfter.toFixed(3)}`,
  );
  console.log(`quote thresholds: positive ${q.threshold.positive}, negative ${q.threshold.negative} (${JSON.stringify(q.measured)})`);
  const qt = trained.weights.quantifier!;
  console.log(
    `writer shift: sd ${qt.shiftSd} x ${qt.shiftScale}, ${qt.shiftShared} of its variance shared by a business's aspects (set-share coverage at that scale: lowest writer ${qt.shiftCoverage?.lowestWriter}, pooled ${qt.shiftCoverage?.pooled})`,
  );
}
