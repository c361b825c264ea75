import { compareReviews } from '../model/compare-reviews.ts';
import type { Business } from '../schemas/business-schema.ts';
import type { Review } from '../schemas/review-schema.ts';
import type { FindEngine } from './find-engine.ts';
import { FIND_OPTIONS } from './find-options.ts';
import { cachedFold, termsOf } from './internal/find-terms.ts';
import { PostingsBuilder } from './internal/postings.ts';
import { createRanker } from './internal/rank-reviews.ts';
import { TermExpander, type EntityKind } from './internal/term-expander.ts';

export type { FindEngine, FindHit, FindResult } from './find-engine.ts';

type FindBusiness = Pick<Business, 'technicians' | 'services' | 'serviceAreas'>;

/** Reviews indexed per step of buildFindEngineSteps: small enough that a caller yielding between steps stays responsive. */
export const FIND_BUILD_CHUNK = 4000;

/** Builds the engine in one go (tests, scripts). The sidecar uses buildFindEngineSteps to yield between chunks. */
export function createFindEngine(reviews: readonly Review[], business: FindBusiness): FindEngine {
  const steps = buildFindEngineSteps(reviews, business);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Builds the engine a chunk of reviews at a time: each `next()` indexes FIND_BUILD_CHUNK reviews
 * and yields how many are done, so the caller can give the event loop a turn (the sidecar rebuilds
 * it on every hot reload while serving). Pure: no clock, no IO.
 */
export function* buildFindEngineSteps(reviews: readonly Review[], business: FindBusiness): Generator<number, FindEngine, void> {
  const sorted = [...reviews].sort(compareReviews);
  const fold = cachedFold();
  const builder = new PostingsBuilder();
  const entityLists = new Map<string, number[]>();
  const mention = (kind: EntityKind, id: string, doc: number) => {
    const key = `${kind}:${id}`;
    const list = entityLists.get(key);
    if (list === undefined) entityLists.set(key, [doc]);
    else if (list.at(-1) !== doc) list.push(doc);
  };
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    const freqs = new Map<string, number>();
    const text = termsOf(r.text, fold);
    for (const t of text) freqs.set(t, (freqs.get(t) ?? 0) + 1);
    const title = r.title === undefined ? [] : termsOf(r.title, fold);
    for (const t of title) freqs.set(t, (freqs.get(t) ?? 0) + FIND_OPTIONS.titleBoost);
    builder.add(i, freqs, text.length + title.length * FIND_OPTIONS.titleBoost);
    for (const t of r.technicians) mention('technician', t.id, i);
    for (const s of r.services) mention('service', s.id, i);
    if (r.serviceArea) mention('area', r.serviceArea.id, i);
    if ((i + 1) % FIND_BUILD_CHUNK === 0) yield i + 1;
  }
  const expander = new TermExpander(builder.vocabulary(), business);
  yield sorted.length;
  const postings = builder.build(sorted.length, FIND_OPTIONS.bm25);
  const entities = new Map([...entityLists].map(([key, list]) => [key, Uint32Array.from(list)]));
  // An entity mention scores as one occurrence of a word as rare as the entity (BM25+ at average length).
  const { k, d } = FIND_OPTIONS.bm25;
  const entityImpact = new Map(
    [...entities].map(([key, list]) => [key, Math.log(1 + (sorted.length - list.length + 0.5) / (list.length + 0.5)) * (d + (k + 1) / (1 + k))]),
  );
  return createRanker(sorted, postings, entities, entityImpact, expander, fold);
}
