/**
 * `npm run eval`: how well the engine reads aspects and polarity, per data set — accuracy, macro-F1
 * and confusion matrix of polarity, and precision / recall / F1 of (aspect, polarity) detection
 * where the set has detection labels:
 *   1. the by-writer test split of data/absa/corpus.jsonl (writers never seen in training);
 *   2. SemEval-2014 restaurants and laptops (train files from ../shared/data/semeval14 —
 *      measurement only, never copied into the project nor trained on);
 *   3. the roofing fixtures: gold (polarity) and gold-detect (detection), and our own dev sets;
 *   4. a generated 2,000-review business against the generator's truth (per-aspect counts).
 * `--rules` measures the rules alone (no learned layers), for comparison. `--dev` runs only our own
 * dev sets. `--errors DIR` writes misclassified items of the fixtures (never of the test split).
 * A missing data set is reported and skipped; the exit code is 0 so CI can print the table.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { absaLines } from '../core/insights/absa-lines.ts';
import { compileAspectLexicon } from '../core/insights/aspect-lexicon.ts';
import { absaModel, RULES_ONLY } from '../core/insights/model/absa-model.ts';
import { formatConfusion, scorePairs, scorePredictions, type PolarityScores } from '../core/insights/score-predictions.ts';
import { parseBusiness } from '../core/content/parse-content.ts';
import type { Polarity } from '../core/schemas/insights-schema.ts';
import { readCorpus } from './lib/absa-corpus.ts';
import { contentDirFromEnv } from '../site/lib/read-content-dir.ts';
import { contentLine } from './lib/announce-content.ts';
import { defineCommand } from './lib/cli.ts';
import { evaluateInsights } from './lib/eval-insights.ts';
import { evaluateKnownBusinesses } from './lib/eval-known-businesses.ts';
import { createProgress } from './lib/progress.ts';
import { compareWithTruth } from './lib/generated-truth.ts';
import { scoreCorpus } from './lib/score-corpus.ts';

const root = resolve(import.meta.dirname, '..');
// SEMEVAL_DIR: where the SemEval-2014 files are when the project is not beside ../shared (a worktree, a clone elsewhere).
const semevalDir = process.env.SEMEVAL_DIR ?? resolve(root, '../shared/data/semeval14');
const cli = defineCommand({
  usage: 'usage: npm run eval [-- --rules] [--dev] [--errors DIR] [--quiet]',
  options: { rules: { type: 'boolean' }, dev: { type: 'boolean' }, errors: { type: 'string' }, quiet: { type: 'boolean' } },
});
const { values } = cli.parse(process.argv.slice(2).filter((a) => a !== '--'));
const contentDir = contentDirFromEnv();
console.log(contentLine('eval', contentDir));
const businessPath = join(contentDir, 'business.json');
const business = parseBusiness({ path: businessPath, text: readFileSync(businessPath, 'utf8') });
const lexicon = compileAspectLexicon(business);
const model = values.rules ? RULES_ONLY : absaModel();
const errorsDir = values.errors ? resolve(values.errors) : null;
const progress = createProgress({ quiet: values.quiet ?? false });

interface Item {
  id: string;
  text: string;
  aspect: string;
  from?: number;
  to?: number;
  polarity: Polarity;
  tags?: string[];
}
interface SemEvalSentence {
  id: string;
  text: string;
  aspectTerms?: { aspectTerm: { term: string; polarity: string; from: string; to: string }[] };
}

function readSemEval(file: string): Item[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'sentence' || n === 'aspectTerm' });
  const doc = parser.parse(readFileSync(file, 'utf8')) as { sentences: { sentence: SemEvalSentence[] } };
  return doc.sentences.sentence.flatMap((s) =>
    (s.aspectTerms?.aspectTerm ?? [])
      .filter((a) => a.polarity !== 'conflict')
      .map((a) => ({
        id: `${s.id}:${a.from}`,
        text: String(s.text),
        aspect: a.term,
        from: Number(a.from),
        to: Number(a.to),
        polarity: a.polarity as Polarity,
      })),
  );
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const prf = (s: { precision: number; recall: number; f1: number }) =>
  `precision ${pct(s.precision)}   recall ${pct(s.recall)}   F1 ${s.f1.toFixed(3)}`;

function printPolarity(title: string, s: PolarityScores): void {
  const f1 = (['positive', 'negative', 'neutral'] as const).map((p) => `${p} ${s.f1[p].toFixed(3)}`).join(', ');
  console.log(`${title} (n=${s.n}): accuracy ${pct(s.accuracy)}   macro-F1 ${s.macroF1.toFixed(3)}   (F1: ${f1})`);
  console.log(formatConfusion(s.confusion));
}

// Predictions go through the CLI's own code path (absaLines), so the figures are those of `npm run absa`.
function evaluate(name: string, items: Item[], writeErrors = true): void {
  const input = items.map((it, k) => JSON.stringify({ id: k, text: it.text, aspect: it.aspect, from: it.from, to: it.to })).join('\n');
  const predicted = absaLines(input, business, 'polarity', model).lines.map((l) => (JSON.parse(l) as { polarity: Polarity }).polarity);
  console.log(`\n## ${name}`);
  printPolarity(
    'term polarity',
    scorePredictions(
      items.map((i) => i.polarity),
      predicted,
    ),
  );
  console.log('detection: n/a (no detection labels in this set)');
  const tags = [...new Set(items.flatMap((it) => it.tags ?? []))].sort();
  if (tags.length) {
    const row = (t: string) => {
      const idx = items.flatMap((it, k) => (it.tags?.includes(t) ? [k] : []));
      const ok = idx.filter((k) => predicted[k] === items[k]!.polarity).length;
      return `${t} ${pct(ok / idx.length)} (${ok}/${idx.length})`;
    };
    console.log(`accuracy by tag: ${tags.map(row).join(', ')}`);
  }
  if (errorsDir && writeErrors) {
    const rows = items.flatMap((it, k) => (predicted[k] === it.polarity ? [] : [`${it.polarity}\t${predicted[k]}\t[${it.aspect}]\t${it.text}`]));
    writeFileSync(join(errorsDir, `${name.replace(/\W+/g, '-').toLowerCase()}.tsv`), rows.join('\n'));
  }
}

function evaluateDetection(name: string, file: string): void {
  const items = readJsonl<{ id: string; text: string; aspects: { aspect: string; polarity: Polarity }[] }>(file);
  const gold = new Set(items.flatMap((it) => it.aspects.map((a) => `${it.id}|${a.aspect}|${a.polarity}`)));
  const goldMap = new Map(items.flatMap((it) => it.aspects.map((a) => [`${it.id}|${a.aspect}`, a.polarity] as const)));
  const predicted = new Set<string>();
  const goldP: Polarity[] = [];
  const predP: Polarity[] = [];
  for (const line of absaLines(items.map((it) => JSON.stringify({ id: it.id, text: it.text })).join('\n'), business, 'detect', model).lines) {
    const out = JSON.parse(line) as { id: string; aspects: { aspect: string; polarity: Polarity }[] };
    for (const a of out.aspects) {
      predicted.add(`${out.id}|${a.aspect}|${a.polarity}`);
      const g = goldMap.get(`${out.id}|${a.aspect}`);
      if (g) {
        goldP.push(g);
        predP.push(a.polarity);
      }
    }
  }
  const strip = (set: Set<string>) => new Set([...set].map((k) => k.split('|').slice(0, 2).join('|')));
  console.log(`\n## ${name}  (texts=${items.length}, gold pairs=${gold.size}, predicted=${predicted.size})`);
  printPolarity('polarity of detected gold aspects', scorePredictions(goldP, predP));
  console.log(`detection (aspect, polarity) ${prf(scorePairs(gold, predicted))}`);
  console.log(`detection (aspect only)      ${prf(scorePairs(strip(gold), strip(predicted)))}`);
}

function evaluateCorpusTest(): void {
  const path = join(root, 'data/absa/corpus.jsonl');
  if (!existsSync(path)) return void console.log(`\n## by-writer test split\nskipped: ${path} not found`);
  const items = readCorpus(path, 'test'); // scored only: the test texts are never printed or written
  const s = scoreCorpus(items, lexicon, model);
  console.log(`\n## roofing corpus, by-writer test split  (sentences=${items.length}, writers=${new Set(items.map((i) => i.writer)).size})`);
  printPolarity('term polarity (labels with a term, at its offsets)', s.term);
  printPolarity('polarity of every label (implicit ones by aspect id)', s.all);
  console.log(`detection (aspect, polarity) ${prf(s.pairs)}`);
  console.log(`detection (aspect only)      ${prf(s.aspectsOnly)}`);
  // The build reads each sentence with its review's rating; `npm run absa` reads bare sentences: both are reported.
  const bare = scoreCorpus(
    items.map((i) => ({ ...i, stars: null })),
    lexicon,
    model,
  );
  printPolarity("term polarity without the review's rating (as `npm run absa` reads a line without `rating`)", bare.term);
  console.log(`detection without the rating (aspect, polarity) ${prf(bare.pairs)}`);
}

async function evaluateInsightsOnCorpus(): Promise<void> {
  const path = join(root, 'data/absa/corpus.jsonl');
  if (!existsSync(path) || !model.rates) return void console.log('\n## insights\nskipped: no corpus, or a model without measured rates');
  const test = readCorpus(path, 'test');
  await evaluateInsights(readCorpus(path, 'train'), test, business, model);
  evaluateKnownBusinesses(test, business, model);
}

function evaluateGenerated(count: number): void {
  const c = compareWithTruth(business, count, model);
  console.log(`\n## generated business against the generator's truth  (reviews=${c.reviews}, seed 1)`);
  printPolarity('polarity of truth labels the engine found', c.polarity);
  console.log(`detection (sentence, aspect, polarity) ${prf(c.pairs)}`);
  console.log('aspect            truth +/-       engine +/-      deviation +/-');
  const dev = (e: number, t: number) => (t ? `${e >= t ? '+' : ''}${((100 * (e - t)) / t).toFixed(0)}%` : e ? 'n/a' : '0%');
  for (const r of c.counts) {
    console.log(
      `${r.aspect.padEnd(17)} ${`${r.truth.positive} / ${r.truth.negative}`.padEnd(15)} ${`${r.engine.positive} / ${r.engine.negative}`.padEnd(15)} ${dev(r.engine.positive, r.truth.positive)} / ${dev(r.engine.negative, r.truth.negative)}`,
    );
  }
}

if (errorsDir) mkdirSync(errorsDir, { recursive: true });
console.log(`# Aspect-polarity evaluation (${model === RULES_ONLY ? 'rules only' : `model v${model.version}`})`);
const own = [
  ["roofing dev (engine authors' own examples, used for tuning the rules)", 'tests/fixtures/insights/roofing-dev.jsonl'],
  ['roofing dev 2 (hard cases by tag, used for tuning the rules)', 'tests/fixtures/insights/roofing-dev2.jsonl'],
  ['roofing check (own, written before tuning, not tuned on)', 'tests/fixtures/insights/roofing-check.jsonl'],
] as const;
if (values.dev) {
  for (const [name, file] of own) if (existsSync(join(root, file))) evaluate(name, readJsonl<Item>(join(root, file)), !file.includes('check'));
  process.exit(0);
}
// Each section prints when it is done; the progress line (stderr) says which one is running.
const sections: [string, () => void | Promise<void>][] = [
  ['by-writer test split', evaluateCorpusTest],
  ['insights', evaluateInsightsOnCorpus],
  ...(
    [
      ['SemEval-2014 restaurants (train file, aspect terms)', 'Restaurants_Train_v2.xml'],
      ['SemEval-2014 laptops (train file, aspect terms)', 'Laptop_Train_v2.xml'],
    ] as const
  ).map(([name, file]): [string, () => void] => [
    name,
    () => {
      const path = join(semevalDir, file);
      if (existsSync(path)) evaluate(name, readSemEval(path));
      else console.log(`\n## ${name}\nskipped: ${path} not found (set SEMEVAL_DIR to the folder that holds it)`);
    },
  ]),
  [
    'roofing fixtures',
    () => {
      const gold = join(root, 'tests/fixtures/roofing-gold.jsonl');
      if (existsSync(gold)) evaluate('roofing gold fixture (tests/fixtures/roofing-gold.jsonl)', readJsonl<Item>(gold));
      const detect = join(root, 'tests/fixtures/roofing-gold-detect.jsonl');
      if (existsSync(detect)) evaluateDetection('roofing detection fixture (tests/fixtures/roofing-gold-detect.jsonl)', detect);
      for (const [name, file] of own) if (existsSync(join(root, file))) evaluate(name, readJsonl<Item>(join(root, file)), !file.includes('check'));
    },
  ],
  ['generated business', () => evaluateGenerated(2000)],
];
progress.start(sections.length, 'evaluating');
for (const [, run] of sections) {
  await run();
  progress.tick();
}
progress.done();
