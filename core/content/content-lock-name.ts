/**
 * How the content lock's files are named in the content folder (scripts/lib/content-lock.ts): the lock, the file it is
 * written through, and a stale one moved aside all start so. The build's inputs hash leaves them out (a lock held while
 * a build hashed the folder made the next check call the build stale), and .gitignore keeps them out of commits.
 */
export const CONTENT_LOCK_PREFIX = '.shingle-lock-';
