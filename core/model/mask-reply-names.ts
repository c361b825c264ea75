import { areNameVariants } from '../verify/nicknames.ts';
import { foldText } from '../search/fold-text.ts';
import { ANONYMOUS_AUTHOR, publishedAuthor } from './author-initials.ts';

/** A word of a reply: letters, marks, apostrophes and hyphens inside. */
const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;

interface NameHit {
  index: number;
  length: number;
  /** True when the next word starts with the reviewer's last initial (most likely their surname). */
  withSurname: boolean;
}

/** Where an owner reply names the reviewer: their first name or a nickname of it ("Bill" for William), as a word. */
function findReviewerName(reply: string, author: string): NameHit[] {
  const [first = '', last = ''] = author.split(' ');
  const given = foldText(first.replace(/\.$/, ''));
  if (author === ANONYMOUS_AUTHOR || given.length < 2) return [];
  const lastInitial = foldText(last.replace(/\.$/, '')).slice(0, 1);
  const words = [...reply.matchAll(WORD)];
  const hits: NameHit[] = [];
  words.forEach((m, i) => {
    const word = foldText(m[0]);
    if (!/^\p{Lu}/u.test(m[0]) || (word !== given && !areNameVariants(word, given))) return;
    const next = words[i + 1];
    const between = next ? reply.slice(m.index + m[0].length, next.index) : '';
    const withSurname = !!next && lastInitial !== '' && between === ' ' && /^\p{Lu}/u.test(next[0]) && foldText(next[0]).startsWith(lastInitial);
    hits.push({ index: m.index, length: withSurname ? next!.index + next![0].length - m.index : m[0].length, withSurname });
  });
  return hits;
}

/**
 * True when an owner reply names a reviewer whose name is published as initials ("Thanks Bill!" under
 * "B. C."): the import warns, since the reply would undo the initials.
 */
export function replyUndoesInitials(reply: string, record: { author: string; consent?: boolean | undefined }): boolean {
  return publishedAuthor(record) !== record.author && findReviewerName(reply, record.author).length > 0;
}

/**
 * The reply as published: where the reviewer's name is published as initials, each mention of their first
 * name (or a nickname of it) becomes its initial, and first name plus surname become the published initials
 * ("Thanks Bill Carter" → "Thanks B. C."). With consent, or when the reply names nobody, it is unchanged.
 * The content keeps the owner's words; only what is published changes.
 */
export function maskReplyNames(reply: string, record: { author: string; consent?: boolean | undefined }): string {
  const published = publishedAuthor(record);
  if (published === record.author) return reply;
  const hits = findReviewerName(reply, record.author);
  if (hits.length === 0) return reply;
  const firstInitial = published.split(' ')[0]!;
  let out = '';
  let at = 0;
  for (const hit of hits) {
    out += reply.slice(at, hit.index) + (hit.withSurname ? published : firstInitial);
    at = hit.index + hit.length;
  }
  return out + reply.slice(at);
}
