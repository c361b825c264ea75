import type { BusinessConfig } from '../schemas/business-schema.ts';
import { PROBLEM_WORDS, RESIDUE_WORDS } from './lexicon/word-classes.ts';
import { TOPIC_GENERIC, TOPIC_STOPWORDS } from './lexicon/topic-stopwords.ts';
import { THEME_NOUNS, TOPIC_IDIOMS, TOPIC_MODIFIERS, TOPIC_SYNONYMS } from './lexicon/topic-words.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import { wordValence } from './sentiment-lexicon.ts';
import type { Token } from './tokenize.ts';

/** A candidate topic phrase: its canonical words (space-separated) and its surface form in the text, lower case. */
export type TopicPhrase = readonly [words: string, surface: string];

/** What `topicPhrases` reads of a scored sentence. */
export type PhraseSentence = Pick<ScoredSentence, 'role' | 'phrase' | 'clause'> & {
  tokens: readonly Pick<Token, 'norm' | 'start' | 'end' | 'word'>[];
};

/**
 * Candidate topic phrases of one sentence (see extractTopics for the rules), found when the review is read so
 * the analysis keeps these few strings instead of every token. `excluded`: topicExclusions(business).
 */
export function topicPhrases(s: PhraseSentence, text: string, excluded: ReadonlySet<string>): TopicPhrase[] {
  const { tokens, role, phrase, clause } = s;
  const idiom = idiomTokens(tokens.map((t) => t.norm));
  const ok = tokens.map(
    (t, i) =>
      role[i] === 'word' &&
      !phrase[i] &&
      !idiom[i] &&
      t.word &&
      /^\p{L}[\p{L}'-]*$/u.test(t.norm) &&
      t.norm.length > 1 &&
      !excluded.has(t.norm) &&
      !isOpinion(t.norm),
  );
  const out: TopicPhrase[] = [];
  const canon = (w: string) => TOPIC_SYNONYMS.get(w) ?? w;
  for (let i = 0; i < tokens.length; i++) {
    // A theme noun counts wherever it stands, also inside an opinion phrase ("no leaks since").
    const noun = themeNoun(tokens[i]!.norm);
    if (noun && tokens[i]!.word && !idiom[i] && !excluded.has(tokens[i]!.norm)) out.push([canon(noun), noun]);
    for (const n of [2, 3]) {
      const j = i + n - 1;
      if (j >= tokens.length || clause[j] !== clause[i]) break;
      let valid = !TOPIC_MODIFIERS.has(tokens[i]!.norm);
      for (let k = i; k <= j; k++)
        if (!ok[k] || (TOPIC_STOPWORDS.has(tokens[k]!.norm) && (k === i || k === j || tokens[k]!.norm !== 'of'))) valid = false;
      if (!valid) continue;
      const words = tokens.slice(i, j + 1).map((t) => t.norm.replace(/'s$/, ''));
      // A last word in -ly or -ed is an adverb or a verb ("crew replaced"), not the head of a theme.
      if (words.every((w) => TOPIC_GENERIC.has(w)) || /(ly|[^e]ed)$/.test(words[n - 1]!)) continue;
      words[n - 1] = singular(words[n - 1]!);
      out.push([words.map(canon).join(' '), text.slice(tokens[i]!.start, tokens[j]!.end).toLowerCase()]);
    }
  }
  return out;
}

/** The theme noun a word is a form of ("leaks", "leaking", "leaky" → "leak"), if any. */
function themeNoun(w: string): string | null {
  for (const base of [w, singular(w), w.replace(/(ing|ed|y)$/, '')]) if (THEME_NOUNS.has(base)) return base;
  return null;
}

/** Idioms by first word: most tokens start none, so most cost one lookup. */
const IDIOMS = new Map<string, string[][]>();
for (const idiom of TOPIC_IDIOMS.map((p) => p.split(' '))) IDIOMS.set(idiom[0]!, [...(IDIOMS.get(idiom[0]!) ?? []), idiom]);

/** Marks the tokens of idioms, which are never halves of a theme. */
function idiomTokens(norms: readonly string[]): boolean[] {
  const mark = norms.map(() => false);
  for (let i = 0; i < norms.length; i++) {
    for (const idiom of IDIOMS.get(norms[i]!) ?? []) {
      if (!idiom.every((w, k) => norms[i + k] === w)) continue;
      for (let k = 0; k < idiom.length; k++) mark[i + k] = true;
    }
  }
  return mark;
}

function isOpinion(w: string): boolean {
  return Math.abs(wordValence(w)) >= 1 && !PROBLEM_WORDS.has(w) && !RESIDUE_WORDS.has(w);
}

function singular(w: string): string {
  return w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w) ? w.slice(0, -1) : w;
}

const exclusions = new WeakMap<BusinessConfig, Set<string>>();

/** The words no topic may contain: the business's, its technicians' and its towns' names (and their possessives). */
export function topicExclusions(business: BusinessConfig): ReadonlySet<string> {
  const known = exclusions.get(business);
  if (known) return known;
  const names = [business.name, ...business.technicians.flatMap((t) => [t.name, ...t.aliases]), ...business.serviceAreas.map((a) => a.name)];
  const words = new Set(
    names
      .flatMap((n) => n.toLowerCase().split(/[^\p{L}]+/u))
      .filter(Boolean)
      .flatMap((w) => [w, `${w}'s`]),
  );
  exclusions.set(business, words);
  return words;
}
