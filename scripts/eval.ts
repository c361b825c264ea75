/**
 * `npm run eval`: accuracy, macro-F1 and confusion matrices of the aspect-polarity engine on
 * SemEval-2014 task 4 (restaurants, laptops; aspect terms, `conflict` dropped), on the roofing gold
 * set, and precision/recall of (aspect, polarity) detection on the roofing detection set. Our own
 * roofing sets come first: dev and dev 2 (tuned on) and check (written before tuning, never tuned
 * on: its errors are not written by --errors). `--dev` stops there, before the held-out sets.
 *
 * SemEval data is read from ../shared/data/semeval14 for measurement only — never copied into the
 * project. A missing data set is reported and skipped; the script always exits 0 so CI can print
 * the table without failing on the targets (the targets are tracked in docs/insights.md).
 * `--errors DIR` writes the misclassified items of each set for error analysis.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { absaLines } from '../core/insights/absa-lines.ts';
import { formatConfusion, scorePairs, scorePredictions } from '../core/insights/score-predictions.ts';
import { BusinessConfigSchema } from '../core/schemas/business-schema.ts';
import type { Polarity } from '../core/schemas/insights-schema.ts';

const root = resolve(import.meta.dirname, '..');
const semevalDir = resolve(root, '../shared/data/semeval14');
const business = BusinessConfigSchema.parse(JSON.parse(readFileSync(join(root, 'content/business.json'), 'utf8')));
const errorsArg = process.argv.indexOf('--errors');
const errorsDir = errorsArg > 0 ? resolve(process.argv[errorsArg + 1] ?? '.tmp/eval-errors') : null;

interface Item {
  id: string;
  text: string;
  aspect: string;
  from?: number;
  to?: number;
  polarity: Polarity;
  /** Hard-case tags of the roofing gold set ("negation", "contrast", …), reported per tag. */
  tags?: string[];
}

function readSemEval(file: string): Item[] {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'sentence' || n === 'aspectTerm' });
  const doc = parser.parse(readFileSync(file, 'utf8')) as { sentences: { sentence: SemEvalSentence[] } };
  const items: Item[] = [];
  for (const s of doc.sentences.sentence) {
    for (const a of s.aspectTerms?.aspectTerm ?? []) {
      if (a.polarity === 'conflict') continue;
      items.push({ id: `${s.id}:${a.from}`, text: String(s.text), aspect: a.term, from: Number(a.from), to: Number(a.to), polarity: a.polarity as Polarity });
    }
  }
  return items;
}
interface SemEvalSentence {
  id: string;
  text: string;
  aspectTerms?: { aspectTerm: { term: string; polarity: string; from: string; to: string }[] };
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

// Predictions go through the CLI's own code path (absaLines), so the figures are those of `npm run absa`.
function predictAll(items: Item[]): Polarity[] {
  const input = items.map((it, k) => JSON.stringify({ id: k, text: it.text, aspect: it.aspect, from: it.from, to: it.to })).join('\n');
  const { lines, errors } = absaLines(input, business, 'polarity');
  if (errors.length) throw new Error(errors.join('\n'));
  return lines.map((l) => (JSON.parse(l) as { polarity: Polarity }).polarity);
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function evaluate(name: string, items: Item[], writeErrors = true): void {
  const predicted = predictAll(items);
  const s = scorePredictions(items.map((i) => i.polarity), predicted);
  const f1 = (['positive', 'negative', 'neutral'] as const).map((p) => `${p} ${s.f1[p].toFixed(3)}`).join(', ');
  console.log(`\n## ${name}  (n=${s.n})\naccuracy ${pct(s.accuracy)}   macro-F1 ${s.macroF1.toFixed(3)}   (F1: ${f1})`);
  console.log(formatConfusion(s.confusion));
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

function evaluateDetection(file: string): void {
  const items = readJsonl<{ id: string; text: string; aspects: { aspect: string; polarity: Polarity }[] }>(file);
  const gold = new Set<string>();
  const predicted = new Set<string>();
  const goldAspects = new Set<string>();
  const predictedAspects = new Set<string>();
  for (const it of items) {
    for (const a of it.aspects) {
      gold.add(`${it.id}|${a.aspect}|${a.polarity}`);
      goldAspects.add(`${it.id}|${a.aspect}`);
    }
  }
  const { lines } = absaLines(items.map((it) => JSON.stringify({ id: it.id, text: it.text })).join('\n'), business, 'detect');
  for (const line of lines) {
    const out = JSON.parse(line) as { id: string; aspects: { aspect: string; polarity: Polarity }[] };
    for (const a of out.aspects) {
      predicted.add(`${out.id}|${a.aspect}|${a.polarity}`);
      predictedAspects.add(`${out.id}|${a.aspect}`);
    }
  }
  const pairs = scorePairs(gold, predicted);
  const aspects = scorePairs(goldAspects, predictedAspects);
  console.log(`\n## roofing detection  (texts=${items.length}, gold pairs=${gold.size}, predicted=${predicted.size})`);
  console.log(`(aspect, polarity) precision ${pct(pairs.precision)}   recall ${pct(pairs.recall)}   F1 ${pairs.f1.toFixed(3)}`);
  console.log(`aspect only        precision ${pct(aspects.precision)}   recall ${pct(aspects.recall)}   F1 ${aspects.f1.toFixed(3)}`);
}

if (errorsDir) mkdirSync(errorsDir, { recursive: true });
console.log('# Aspect-polarity evaluation');
for (const [name, file] of [
  ['SemEval-2014 restaurants (train, aspect terms)', 'Restaurants_Train_v2.xml'],
  ['SemEval-2014 laptops (train, aspect terms)', 'Laptop_Train_v2.xml'],
] as const) {
  const path = join(semevalDir, file);
  if (existsSync(path)) evaluate(name, readSemEval(path));
  else console.log(`\n## ${name}\nskipped: ${path} not found`);
}
const dev = join(root, 'tests/unit/insights/fixtures/roofing-dev.jsonl');
if (existsSync(dev)) evaluate('roofing dev (engine authors\' own examples, used for tuning)', readJsonl<Item>(dev));
const dev2 = join(root, 'tests/unit/insights/fixtures/roofing-dev2.jsonl');
if (existsSync(dev2)) evaluate('roofing dev 2 (hard cases by tag, used for tuning)', readJsonl<Item>(dev2));
// Written together with dev 2, before tuning, and never tuned on: only its aggregate figures are read
// (its errors are not written by --errors), so it checks whether the dev gains generalise.
const check = join(root, 'tests/unit/insights/fixtures/roofing-check.jsonl');
if (existsSync(check)) evaluate('roofing check (own, written before tuning, not tuned on)', readJsonl<Item>(check), false);
if (process.argv.includes('--dev')) process.exit(0); // tuning runs never look at the held-out sets
const gold = join(root, 'tests/fixtures/roofing-gold.jsonl');
if (existsSync(gold)) evaluate('roofing gold', readJsonl<Item>(gold));
else console.log(`\n## roofing gold\nskipped: ${gold} not found`);
const detect = join(root, 'tests/fixtures/roofing-gold-detect.jsonl');
if (existsSync(detect)) evaluateDetection(detect);
else console.log(`\n## roofing detection\nskipped: ${detect} not found`);
