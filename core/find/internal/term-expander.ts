import MiniSearch from 'minisearch';
import type { Business } from '../../schemas/business-schema.ts';
import { FIND_OPTIONS } from '../find-options.ts';
import { foldTerm, STOP_WORDS } from './find-terms.ts';

/** A catalog entry reviews can mention: technician, service or service area. */
export type EntityKind = 'technician' | 'service' | 'area';

/** What one query word matched: vocabulary terms and catalog entries, each with a weight in (0, 1]. */
export interface Expansion {
  terms: { term: string; weight: number }[];
  entities: { kind: EntityKind; id: string; weight: number }[];
}

interface VocabularyDoc {
  id: string;
  term?: string;
  name?: string;
  aliases?: string;
  keywords?: string;
}

const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * The minisearch index of ranked search. Its documents are small: one per distinct word of the
 * review texts and titles, and one per catalog entry (technician name + aliases, service name +
 * synonyms + id words, area name), with field boosts. Asking it about one query word gives the
 * words and entries that word means, after minisearch's typo tolerance and prefix search; the
 * reviews behind them come from posting lists (create-find-engine.ts), which is what keeps a
 * query in milliseconds at 100k reviews (a minisearch document per review scored every review
 * that contains a common word: see docs/sidecar.md for the figures).
 */
export class TermExpander {
  readonly #index: MiniSearch<VocabularyDoc>;

  constructor(vocabulary: Iterable<string>, business: Pick<Business, 'technicians' | 'services' | 'serviceAreas'>) {
    this.#index = new MiniSearch<VocabularyDoc>({
      fields: ['term', 'name', 'aliases', 'keywords'],
      storeFields: [],
      tokenize: (text) => text.split(NOT_WORD),
      processTerm: (word) => {
        const term = foldTerm(word);
        return term === '' || STOP_WORDS.has(term) ? null : term;
      },
    });
    const docs: VocabularyDoc[] = [];
    for (const term of vocabulary) docs.push({ id: `t:${term}`, term });
    for (const t of business.technicians) docs.push({ id: `technician:${t.id}`, name: t.name, aliases: [t.id, ...t.aliases].join(' ') });
    for (const s of business.services) docs.push({ id: `service:${s.id}`, name: s.name, keywords: [s.id, ...s.keywords].join(' ') });
    for (const a of business.serviceAreas) docs.push({ id: `area:${a.id}`, name: a.name });
    this.#index.addAll(docs);
  }

  /** What the word at `position` of a query of `count` words matches (the word is already folded). */
  expand(word: string, position: number, count: number): Expansion {
    const o = FIND_OPTIONS;
    const fuzzy = word.length >= o.fuzzy2MinLength ? 2 : word.length >= o.fuzzyMinLength ? 1 : 0;
    const prefix = position === count - 1 && word.length >= o.prefixMinLength;
    const hits = this.#index.search(word, {
      fuzzy,
      prefix,
      maxFuzzy: o.maxFuzzy,
      weights: o.weights,
      boost: { term: 1, ...o.entityFieldBoost },
      combineWith: 'OR',
    });
    const best = hits[0]?.score ?? 1;
    const out: Expansion = { terms: [], entities: [] };
    for (const hit of hits) {
      const id = String(hit.id);
      const weight = hit.score / best;
      if (id.startsWith('t:')) out.terms.push({ term: id.slice(2), weight });
      else {
        const colon = id.indexOf(':');
        out.entities.push({ kind: id.slice(0, colon) as EntityKind, id: id.slice(colon + 1), weight });
      }
    }
    return out;
  }
}
