import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Finds a program the tests start themselves (PostgreSQL, nginx) in the places Debian installs it,
 * or throws naming the package to install: a missing binary fails the test, it never skips it.
 */
export function findBinary(name: string, debianPackage: string, dirs: readonly string[]): string {
  for (const dir of dirs) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name} not found in ${dirs.join(', ')}: install the Debian package "${debianPackage}" (apt-get install ${debianPackage})`);
}

/** /usr/lib/postgresql/<version>/bin directories, newest version first. */
export function postgresBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, 'bin'));
}
