import { analyzeReview, type AnalyzedReview } from '../../core/insights/analyze-review.ts';
import type { AspectLexicon } from '../../core/insights/aspect-lexicon.ts';
import type { BusinessConfig } from '../../core/schemas/business-schema.ts';
import type { Review } from '../../core/schemas/review-schema.ts';

/** One review's analysis without the review itself: what the worker threads send and the analysis cache keeps. */
export type Analysis = Omit<AnalyzedReview, 'review'>;

/** A number JSON writes back as itself (JSON has no -0, NaN or infinities). */
const exact = (n: number) => Number.isFinite(n) && !Object.is(n, -0);
/** A float as JSON keeps it: itself, or (-0, NaN, ±Infinity) its name as a string. */
const put = (n: number): number | string => (exact(n) ? n : Object.is(n, -0) ? '-0' : String(n));
/** The inverse of `put`. */
const get = (v: number | string): number => (typeof v === 'string' ? Number(v) : v);

/**
 * One analysis as JSON text, with only the fields the aggregations read (the `AnalyzedReview` type names
 * them: a sentence is its span and its topic phrases, not its tokens — a fifth of the bytes the tokens took). JSON rather
 * than V8's serializer: a 100k-review build sent and decoded every analysis with structured clone in about
 * 12 s of CPU; JSON text of the narrowed shape takes half that, and the main thread keeps fewer objects.
 * The floats JSON cannot hold (-0, NaN, infinities) are written as strings and read back exactly, so
 * `decodeAnalysis(encodeAnalysis(a))` is `a` value for value (Object.is), and the site byte for byte the same.
 */
export function encodeAnalysis(a: Analysis): string {
  const slim = {
    quarter: a.quarter,
    sentences: a.sentences.map((s) => ({ start: s.start, end: s.end, phrases: s.phrases, ...(s.clauses && { clauses: s.clauses }) })),
    mentions: a.mentions.map((m) => ({ ...m, score: put(m.score), confidence: put(m.confidence) })),
    mass: a.mass.map(put),
    named: a.named,
    sentenceScores: a.sentenceScores.map(put),
    unread: a.unread,
  };
  return JSON.stringify(slim);
}

/** One review read by the engine, as encodeAnalysis's text: what a worker thread sends and the cache keeps. */
export function analyzeAndEncode(review: Review, business: BusinessConfig, lexicon: AspectLexicon): string {
  const { review: _, ...analysis } = analyzeReview(review, business, lexicon);
  return encodeAnalysis(analysis);
}

/** Reads what `encodeAnalysis` wrote (only ever text this build or this user's earlier builds wrote: see the cache). */
export function decodeAnalysis(text: string, shared: SharedValues = new SharedValues()): Analysis {
  const a = JSON.parse(text) as Analysis;
  for (const m of a.mentions) {
    m.aspect = shared.string(m.aspect);
    m.polarity = shared.string(m.polarity);
    m.score = get(m.score);
    m.confidence = get(m.confidence);
  }
  for (let i = 0; i < a.mass.length; i++) a.mass[i] = get(a.mass[i]!);
  for (let i = 0; i < a.sentenceScores.length; i++) a.sentenceScores[i] = get(a.sentenceScores[i]!);
  a.quarter = shared.string(a.quarter);
  for (const s of a.sentences)
    s.phrases = s.phrases.length === 0 ? EMPTY : s.phrases.map(([phrase, shown]) => [shared.string(phrase), shared.string(shown)]);
  for (let i = 0; i < a.named.length; i++) a.named[i] = shared.named(a.named[i]!);
  return a;
}

const EMPTY: never[] = Object.freeze([]) as never[];

/**
 * Values many analyses hold alike, kept once: a build decodes 100,000 analyses, and each held its own copy of every
 * aspect name, quarter and topic phrase, and of the empty lists of the sentences that name nobody — a tenth of the
 * build's peak heap. Shared values are frozen: the aggregations only read analyses.
 */
export class SharedValues {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, string[]>();
  private readonly nobody = Object.freeze({ technicians: EMPTY, services: EMPTY, serviceAreas: EMPTY });

  readonly string = <T extends string>(s: T): T => {
    const known = this.strings.get(s);
    if (known !== undefined) return known as T;
    this.strings.set(s, s);
    return s;
  };

  readonly named = (n: Analysis['named'][number]): Analysis['named'][number] => {
    if (n.technicians.length + n.services.length + n.serviceAreas.length === 0) return this.nobody;
    return { technicians: this.list(n.technicians), services: this.list(n.services), serviceAreas: this.list(n.serviceAreas) };
  };

  private list(ids: string[]): string[] {
    if (ids.length === 0) return EMPTY;
    const key = ids.join('\u0000');
    const known = this.lists.get(key);
    if (known) return known;
    const list = Object.freeze(ids.map(this.string)) as string[];
    this.lists.set(key, list);
    return list;
  }
}
