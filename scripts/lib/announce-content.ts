import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { businessNameOf } from '../../core/content/business-name.ts';
import { escapeControl } from '../../core/text/escape-control.ts';
import { contentDirOrigin } from './load-env.ts';

/**
 * The first line of every command: which content folder and which business it works on, and where the
 * folder came from (CONTENT_DIR in the environment, in .env, or the default content/), so an import into
 * the sample's folder by mistake is seen before anything else.
 */
export function contentLine(command: string, contentDir: string): string {
  let name: string | null;
  try {
    // A business.json that is there but cannot be read that far: the command itself says why, with file and line.
    name = businessNameOf(readFileSync(join(contentDir, 'business.json'), 'utf8')) ?? 'business.json has no readable name yet';
  } catch {
    name = 'no business.json yet';
  }
  const shown = relative(process.cwd(), contentDir) || '.';
  const origin =
    contentDirOrigin === 'default'
      ? 'the default; set CONTENT_DIR or run npm run init'
      : `CONTENT_DIR from ${contentDirOrigin === '.env' ? '.env' : 'the environment'}`;
  return escapeControl(`${command}: content folder ${shown}/ (${origin}) — ${name}`);
}
