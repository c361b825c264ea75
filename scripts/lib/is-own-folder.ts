import { lstatSync, type Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';

/** Group- and other-writable bits: a folder with either may hold files somebody else put there. */
export const WRITABLE_BY_OTHERS = 0o022;

/**
 * Whether `dir` is a real folder (not a link somebody planted in a shared temporary folder, which would make a
 * prune delete in another place) owned by this user and writable by no one else. The build trusts what it finds
 * only in such folders: its caches, and the finished builds whose pages it reuses.
 */
export async function isOwnFolder(dir: string): Promise<boolean> {
  return isPrivateFolder(await lstat(dir).catch(() => null));
}

/** isOwnFolder, for the few callers that run before anything asynchronous may (a preload). */
export function isOwnFolderSync(dir: string): boolean {
  try {
    return isPrivateFolder(lstatSync(dir));
  } catch {
    return false;
  }
}

function isPrivateFolder(st: Stats | null): boolean {
  return st !== null && st.isDirectory() && isPrivate(st);
}

/** Whether a file of owner `uid` is this user's (always, where there are no user ids). */
export function isOwn(uid: number): boolean {
  return process.getuid === undefined || uid === process.getuid();
}

/**
 * Whether a file or folder is this user's and writable by no one else. Where there are no user ids (Windows) both
 * always hold: Node reports every folder there as writable by all, which would switch every cache off.
 */
export function isPrivate(st: Pick<Stats, 'uid' | 'mode'>): boolean {
  return process.getuid === undefined || (isOwn(st.uid) && (st.mode & WRITABLE_BY_OTHERS) === 0);
}
