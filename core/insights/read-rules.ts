import type { AspectId } from '../schemas/business-schema.ts';
import { findAspectTerms, type AspectLexicon } from './aspect-lexicon.ts';
import { OTHER_PARTY_MARKERS, PARTY_NOUNS } from './lexicon/context-words.ts';
import { RULE_WEIGHTS } from './lexicon/rule-weights.ts';
import type { RuleEvidence } from './model/sentence-features.ts';
import type { ScoredSentence } from './scored-sentence.ts';
import { scoreTarget } from './score-target.ts';

/** A lexicon term the rules count as a mention, with its token range and rule score. */
export interface RuleHit {
  aspect: AspectId;
  from: number;
  to: number;
  score: number;
}

/**
 * What the rules read in one sentence: the counted term hits (a weak term needs an opinion next
 * to it; a term about another party does not count) and, per aspect, the evidence the category
 * model takes as features.
 */
export function readRules(s: ScoredSentence, lexicon: AspectLexicon): { hits: RuleHit[]; evidence: RuleEvidence[] } {
  const hits: RuleHit[] = [];
  const evidence = new Map<AspectId, RuleEvidence>();
  for (const hit of findAspectTerms(s.tokens, lexicon)) {
    const e = evidence.get(hit.aspect) ?? { aspect: hit.aspect, strong: false, weak: false, weakNear: false, other: false, mention: false };
    evidence.set(hit.aspect, e);
    const near = hit.weak && opinionNear(s, hit.from, hit.to);
    if (hit.weak) e.weak = true;
    else e.strong = true;
    if (near) e.weakNear = true;
    if (hit.weak && !near) continue;
    if (aboutSomeoneElse(s, hit.from)) {
      e.other = true;
      continue;
    }
    e.mention = true;
    hits.push({ aspect: hit.aspect, from: hit.from, to: hit.to, score: scoreTarget(s, hit.from, hit.to) });
  }
  return { hits, evidence: [...evidence.values()] };
}

/** Words a weak term may be away from an opinion word and still count ("did a really great job"). */
const WEAK_REACH = RULE_WEIGHTS.terms.weakReach;
/** Words before a term in which an OTHER_PARTY_MARKERS word puts it on someone else. */
const OTHER_REACH = RULE_WEIGHTS.terms.otherPartyReach;

function opinionNear(s: ScoredSentence, from: number, to: number): boolean {
  for (let k = Math.max(0, from - WEAK_REACH); k < Math.min(s.tokens.length, to + WEAK_REACH); k++) {
    if (s.valence[k] !== 0 && s.clause[k] === s.clause[from]) return true;
  }
  return false;
}

// Comparisons with competitors and the previous roof are common in roofing reviews; their praise
// and complaints are not about this business. A term is someone else's when one of the four words
// before it is "other", "previous"… or when its clause is about "another company", "the other roofers".
function aboutSomeoneElse(s: ScoredSentence, from: number): boolean {
  const { tokens, clause } = s;
  for (let k = Math.max(0, from - OTHER_REACH); k < from; k++) {
    if (tokens[k]!.word && OTHER_PARTY_MARKERS.has(tokens[k]!.norm) && clause[k] === clause[from]) return true;
  }
  for (let k = from - 1; k >= 0 && clause[k] === clause[from]; k--) {
    if (PARTY_NOUNS.has(tokens[k]!.norm) && [1, 2].some((d) => OTHER_PARTY_MARKERS.has(tokens[k - d]?.norm ?? ''))) return true;
  }
  return false;
}
