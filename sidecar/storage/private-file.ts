import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** Owner only: the files hold subscribers' secrets and session revocations. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * Makes a SQLite database file private before SQLite opens it: a missing folder is created 0700, the
 * file 0600 (an existing one, and its -wal and -shm files, are narrowed to 0600). SQLite gives the
 * -wal and -shm files it creates the mode of the database file, so they are 0600 too. The mode of a
 * folder that already exists is left as it is (it may hold other things); the files are what need hiding.
 */
export function preparePrivateDatabaseFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: FOLDER_MODE });
  if (!existsSync(path)) closeSync(openSync(path, 'a', FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, FILE_MODE);
}
