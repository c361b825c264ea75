import { isAbsolute, resolve } from 'node:path';

/**
 * A path the owner typed on the command line, resolved from the folder they typed it in: npm runs every script
 * from the project folder and says where it was started in INIT_CWD, so `cd roofs && npm run import -- csv rev.csv`
 * reads roofs/rev.csv. (Paths in .env and CONTENT_DIR are the project's, as the docs say.)
 */
export function userPath(path: string, env: NodeJS.ProcessEnv = process.env): string {
  return isAbsolute(path) ? path : resolve(env.INIT_CWD || process.cwd(), path);
}
