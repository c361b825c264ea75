import type { AspectId, BusinessConfig } from '../schemas/business-schema.ts';
import { buildPhraseTrie, matchPhrase, type PhraseTrie } from './internal/phrase-trie.ts';
import type { Token } from './tokenize.ts';

/** The business's aspect terms compiled for matching: term → the aspects it signals. */
export interface AspectLexicon {
  trie: PhraseTrie<{ aspect: AspectId; weak: boolean }[]>;
  labels: ReadonlyMap<AspectId, string>;
}

/** One occurrence of an aspect term: token range `[from, to)` of a sentence. */
export interface AspectTermHit {
  aspect: AspectId;
  from: number;
  to: number;
  /** A weak term ("~job") only counts next to an opinion ("a great job"), see analyze-text.ts. */
  weak: boolean;
}

const cache = new WeakMap<BusinessConfig, AspectLexicon>();

/**
 * Compiles `aspects[].terms` of the business config. Terms match whole words, case-insensitively;
 * the last word also matches its plural ("leak" → "leaks"); a final `*` matches any ending
 * ("communicat*"); a leading `~` marks a weak term, too common to signal the aspect on its own
 * ("~job" counts in "a sloppy job" but not in "during the job"). A term listed under two aspects
 * signals both. Cached per config object.
 */
export function compileAspectLexicon(business: Pick<BusinessConfig, 'aspects'>): AspectLexicon {
  const hit = cache.get(business as BusinessConfig);
  if (hit) return hit;
  const byTerm = new Map<string, { aspect: AspectId; weak: boolean }[]>();
  for (const a of business.aspects) {
    for (const raw of a.terms) {
      const weak = raw.startsWith('~');
      const term = raw.replace(/^~/, '');
      const variants = term.endsWith('*') ? [term] : [term, `${term}s`, `${term}es`];
      for (const v of variants) {
        const key = v.toLowerCase();
        const list = byTerm.get(key) ?? [];
        if (!list.some((x) => x.aspect === a.id)) list.push({ aspect: a.id, weak });
        byTerm.set(key, list);
      }
    }
  }
  const lexicon: AspectLexicon = {
    trie: buildPhraseTrie(byTerm),
    labels: new Map(business.aspects.map((a) => [a.id, a.label])),
  };
  cache.set(business as BusinessConfig, lexicon);
  return lexicon;
}

/** Every aspect-term occurrence in a token list, longest match first, without overlaps. */
export function findAspectTerms(tokens: readonly Token[], lexicon: AspectLexicon): AspectTermHit[] {
  const hits: AspectTermHit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens[i]!.word) continue;
    const m = matchPhrase(lexicon.trie, tokens, i);
    if (!m) continue;
    for (const { aspect, weak } of m.value) hits.push({ aspect, from: i, to: i + m.length, weak });
    i += m.length - 1;
  }
  return hits;
}
