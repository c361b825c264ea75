import { z } from 'zod';
import { AspectIdSchema, type BusinessConfig } from '../schemas/business-schema.ts';
import { compileAspectLexicon } from './aspect-lexicon.ts';
import { classifyAspect, classifyTerm, detectAspects } from './classify-aspect.ts';
import { absaModel, type AbsaModel } from './model/absa-model.ts';
import type { ReviewContext } from './model/sentence-features.ts';

/**
 * The star rating of the sentence's review, when the caller knows it (`rating`, or `stars` as the corpus in
 * data/absa/ names it): read as the build reads a review's sentences. Absent or null (not known), the sentence is
 * read bare: a file written by a tool that writes null for a missing value must not lose every line.
 */
const RatingFields = {
  rating: z.int().min(1).max(5).nullish(),
  stars: z.int().min(1).max(5).nullish(),
};

/** One input line of `npm run absa`: a term at offsets, or (offsets absent) an aspect category id. */
export const AbsaInputSchema = z.object({
  id: z.union([z.string(), z.number()]),
  text: z.string(),
  aspect: z.string().min(1),
  // Offsets may be absent for a category id; null is read as absent.
  from: z.int().min(0).nullish(),
  to: z.int().min(0).nullish(),
  ...RatingFields,
});

/** One input line of `npm run absa -- --detect`. */
export const DetectInputSchema = z.object({ id: z.union([z.string(), z.number()]), text: z.string(), ...RatingFields });

/** What is known of a line's review: its rating, if given. */
const reviewOfLine = (r: { rating?: number | null; stars?: number | null }): ReviewContext => ({ rating: r.rating ?? r.stars ?? null });

/** What the CLI prints: result lines, or the reasons the input was rejected. */
export interface AbsaResult {
  /** Output lines, one per input record, in input order (JSON, no trailing newline). */
  lines: string[];
  /** "line N: problem" for every unusable input line; when non-empty, `lines` is empty. */
  errors: string[];
}

/**
 * The aspect-polarity CLI without its I/O: JSON Lines in, JSON Lines out. Every line is validated
 * before any is classified, so a bad file yields errors and no partial output. A term is classified
 * at its offsets (`from`–`to` of `text`); without offsets `aspect` must be an inventory id, or else
 * is looked up as a term in the text.
 */
export function absaLines(input: string, business: BusinessConfig, mode: 'polarity' | 'detect', model: AbsaModel = absaModel()): AbsaResult {
  const lexicon = compileAspectLexicon(business);
  const schema = mode === 'detect' ? DetectInputSchema : AbsaInputSchema;
  const records: z.infer<typeof AbsaInputSchema | typeof DetectInputSchema>[] = [];
  const errors: string[] = [];
  input.split('\n').forEach((raw, i) => {
    if (!raw.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      errors.push(`line ${i + 1}: not valid JSON (${(e as Error).message})`);
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) records.push(parsed.data);
    else errors.push(`line ${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.') || 'record'}: ${x.message}`).join('; ')}`);
  });
  if (errors.length) return { lines: [], errors };
  const lines = records.map((r) => {
    if (mode === 'detect') return JSON.stringify({ id: r.id, aspects: detectAspects(r.text, lexicon, model, reviewOfLine(r)) });
    return JSON.stringify({ id: r.id, polarity: polarityOfRecord(r as z.infer<typeof AbsaInputSchema>, lexicon, model) });
  });
  return { lines, errors };
}

function polarityOfRecord(r: z.infer<typeof AbsaInputSchema>, lexicon: ReturnType<typeof compileAspectLexicon>, model: AbsaModel): string {
  const category = AspectIdSchema.safeParse(r.aspect);
  const known = category.success && lexicon.labels.has(category.data) ? category.data : undefined;
  const review = reviewOfLine(r);
  const opts = { lexicon, model, review, ...(known && { aspect: known }) };
  if (r.from != null && r.to != null && r.to > r.from && r.to <= r.text.length) return classifyTerm(r.text, r.from, r.to, opts);
  if (known) return classifyAspect(r.text, known, lexicon, model, review);
  const at = r.text.toLowerCase().indexOf(r.aspect.toLowerCase());
  return at >= 0 ? classifyTerm(r.text, at, at + r.aspect.length, opts) : classifyTerm(r.text, 0, r.text.length, opts);
}
