import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBusiness } from '../../../core/content/parse-content.ts';
import { compileAspectLexicon } from '../../../core/insights/aspect-lexicon.ts';
import { extractMentions } from '../../../core/insights/extract-mentions.ts';
import type { Review } from '../../../core/schemas/review-schema.ts';

export const root = join(import.meta.dirname, '../../..');
const path = join(root, 'content/business.json');
export const business = parseBusiness({ path, text: readFileSync(path, 'utf8') });
export const lexicon = compileAspectLexicon(business);

/** A published review; technicians and services are extracted from the text unless given. */
export function review(id: string, date: string, rating: number, text: string, overrides: Partial<Review> = {}): Review {
  const found = extractMentions(text, business);
  const ref = (catalog: readonly { id: string; name: string }[], ids: string[]) =>
    ids.map((x) => ({ id: x, name: catalog.find((c) => c.id === x)!.name }));
  return {
    id,
    date,
    rating,
    text,
    author: 'Maria G.',
    source: { platform: 'google' },
    language: 'en',
    url: `https://reviews.example/reviews/${id}/`,
    verification: { status: 'verified', method: 'job-match', verifiedOn: date },
    technicians: ref(business.technicians, found.technicians),
    services: ref(business.services, found.services),
    serviceArea: found.serviceAreas[0] ? ref(business.serviceAreas, [found.serviceAreas[0]])[0]! : null,
    photos: [],
    ...overrides,
  };
}
