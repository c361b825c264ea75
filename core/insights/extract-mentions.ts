import type { BusinessConfig } from '../schemas/business-schema.ts';
import { withinOneEdit } from './internal/edit-distance.ts';
import { buildPhraseTrie, matchPhrase, type PhraseTrie } from './internal/phrase-trie.ts';
import { NOT_DONE, NOT_NAMES, NOT_STAFF } from './lexicon/mention-words.ts';
import { SENTENCE_END } from './lexicon/text-marks.ts';
import { isNegator } from './scored-sentence.ts';
import { tokenize, type Token } from './tokenize.ts';

/** Catalog ids found in a text; each list sorted and without duplicates. */
export interface Mentions {
  technicians: string[];
  services: string[];
  serviceAreas: string[];
}

interface Matchers {
  services: PhraseTrie<string[]>;
  areas: PhraseTrie<string[]>;
  names: PhraseTrie<string[]>;
  /** Single-word names of five letters or more, for matching misspellings. */
  fuzzy: { name: string; id: string }[];
}

const cache = new WeakMap<BusinessConfig, Matchers>();

/**
 * Finds the technicians, services and service areas a review text speaks of — used by the build
 * to fill a review's mentions when the content does not state them. Technicians match their roster
 * name, an alias or (for names of five letters or more) a one-letter misspelling, and only when
 * capitalised as a name (unless the whole text is lower-case) and not introduced as someone else's
 * relative or agent ("my husband Dave"). Services match catalog names and keywords unless negated
 * ("didn't need a new roof"); towns match service-area names.
 */
export function extractMentions(text: string, business: BusinessConfig): Mentions {
  return mentionsInTokens(text, tokenize(text), business);
}

/**
 * The same search over already-tokenized text (token offsets index `text`), so the insights
 * build can ask per sentence without tokenizing twice.
 */
export function mentionsInTokens(text: string, tokens: readonly Token[], business: BusinessConfig, caseless = text === text.toLowerCase()): Mentions {
  const m = matchersFor(business);
  const technicians = new Set<string>();
  const services = new Set<string>();
  const serviceAreas = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.word) continue;
    const capital = caseless || t.capital;
    const name = matchName(m, tokens, i, capital);
    if (name && !introducedAsOther(tokens, i)) name.ids.forEach((id) => technicians.add(id));
    const area = capital ? matchPhrase(m.areas, tokens, i) : null;
    area?.value.forEach((id) => serviceAreas.add(id));
    const service = matchPhrase(m.services, tokens, i);
    if (service && !negatedBefore(tokens, i)) service.value.forEach((id) => services.add(id));
    const skip = Math.max(name?.length ?? 1, area?.length ?? 1, service?.length ?? 1);
    i += skip - 1;
  }
  return { technicians: [...technicians].sort(), services: [...services].sort(), serviceAreas: [...serviceAreas].sort() };
}

function matchName(m: Matchers, tokens: readonly Token[], i: number, capital: boolean): { ids: string[]; length: number } | null {
  if (!capital) return null;
  const exact = matchPhrase(m.names, tokens, i);
  if (exact) return { ids: exact.value, length: exact.length };
  const word = tokens[i]!.norm.replace(/'s$/, '');
  if (word !== tokens[i]!.norm) {
    const possessive = m.names.root.next.get(word)?.value;
    if (possessive) return { ids: possessive, length: 1 };
  }
  if (word.length < 5 || NOT_NAMES.has(word)) return null;
  const ids = m.fuzzy.filter((f) => f.name[0] === word[0] && withinOneEdit(f.name, word)).map((f) => f.id);
  return ids.length ? { ids: [...new Set(ids)], length: 1 } : null;
}

function introducedAsOther(tokens: readonly Token[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
    if (SENTENCE_END.has(tokens[k]!.norm)) return false;
    if (NOT_STAFF.has(tokens[k]!.norm.replace(/'s$/, ''))) return true;
  }
  return false;
}

function negatedBefore(tokens: readonly Token[], i: number): boolean {
  for (let k = Math.max(0, i - 4); k < i; k++) {
    const t = tokens[k]!;
    if (!t.word) return false;
    if (isNegator(t.norm) || NOT_DONE.has(t.norm)) return true;
  }
  return false;
}

function group(entries: [string, string][]): PhraseTrie<string[]> {
  const by = new Map<string, string[]>();
  for (const [phrase, id] of entries) {
    const key = phrase.toLowerCase();
    by.set(key, [...new Set([...(by.get(key) ?? []), id])]);
  }
  return buildPhraseTrie(by);
}

function matchersFor(business: BusinessConfig): Matchers {
  const hit = cache.get(business);
  if (hit) return hit;
  const plural = (k: string): string[] => (k.includes('*') ? [k] : [k, `${k}s`]);
  const names = business.technicians.flatMap((t) => [t.name, ...t.aliases].map((n) => [n, t.id] as [string, string]));
  const m: Matchers = {
    services: group(business.services.flatMap((s) => [s.name, ...s.keywords].flatMap(plural).map((k) => [k, s.id] as [string, string]))),
    areas: group(business.serviceAreas.map((a) => [a.name, a.id])),
    names: group(names),
    fuzzy: names.filter(([n]) => !n.includes(' ') && n.length >= 5).map(([n, id]) => ({ name: n.toLowerCase(), id })),
  };
  cache.set(business, m);
  return m;
}
