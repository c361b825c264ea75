/**
 * `npm run init -- DIR --name "…" --time-zone America/Boise [--locale en-US] [--url …] [--phone …]
 * [--town …] [--service …]`: starts a content folder for your own business: a small, commented
 * business.json, an empty reviews/, and `CONTENT_DIR=DIR` in .env so every command works on it. On a
 * terminal it asks for what the flags leave out; in a script, missing answers are an error. It never
 * overwrites a business: a folder that already has a business.json or reviews is refused.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { ContentError } from '../core/content/content-error.ts';
import { renderStarterBusiness, type StarterAnswers } from '../core/content/render-starter-business.ts';
import { parseBusiness } from '../core/content/parse-content.ts';
import { setEnvLine } from '../core/text/set-env-line.ts';
import { writeFileAtomic } from './lib/write-file-atomic.ts';
import { defineCommand } from './lib/cli.ts';

/** The questions, in the order asked, with the flag that answers each and a default where one is safe. */
const QUESTIONS: { key: keyof StarterAnswers; flag: string; ask: string; fallback?: () => string }[] = [
  { key: 'name', flag: 'name', ask: 'Business name' },
  { key: 'url', flag: 'url', ask: 'Website (https://…)' },
  { key: 'telephone', flag: 'phone', ask: 'Phone number' },
  { key: 'towns', flag: 'town', ask: 'Towns you work in (comma-separated)' },
  { key: 'services', flag: 'service', ask: 'Services you offer (comma-separated)' },
  { key: 'timeZone', flag: 'time-zone', ask: 'Time zone', fallback: () => Intl.DateTimeFormat().resolvedOptions().timeZone },
  { key: 'locale', flag: 'locale', ask: 'How your spreadsheets write dates (locale)', fallback: () => 'en-US' },
];

export interface InitResult {
  contentDir: string;
  envFile: string;
}

/** Throws when `dir` already holds a business: init never overwrites one. */
export function refuseExisting(dir: string, root = process.cwd()): void {
  const contentDir = resolve(root, dir);
  if (existsSync(join(contentDir, 'business.json')))
    throw new Error(`${dir}/business.json exists: init never overwrites a business (edit that file, or choose another folder)`);
  const reviews = join(contentDir, 'reviews');
  if (existsSync(reviews) && readdirSync(reviews).length > 0) throw new Error(`${dir}/reviews/ is not empty: init starts new businesses only`);
}

/** Writes the content folder and the .env line; throws Error (refusal) or ContentError (an answer the schema refuses). */
export function runInit(dir: string, answers: StarterAnswers, root = process.cwd()): InitResult {
  refuseExisting(dir, root);
  const contentDir = resolve(root, dir);
  const reviews = join(contentDir, 'reviews');
  const text = renderStarterBusiness(answers);
  parseBusiness({ path: `${dir}/business.json`, text }); // the starter must build as it is
  mkdirSync(reviews, { recursive: true });
  writeFileAtomic(join(contentDir, 'business.json'), text);
  const envFile = join(root, '.env');
  const shown = relative(root, contentDir) || '.';
  writeFileAtomic(envFile, setEnvLine(existsSync(envFile) ? readFileSync(envFile, 'utf8') : '', 'CONTENT_DIR', shown));
  return { contentDir: shown, envFile };
}

/**
 * A website as people write it ("peakroofing.example", "www.x.com/roofs", "x.com:8443") with `https://` in front.
 * Anything else is left as it is for the schema to judge: a URL with a scheme, text that is no host name, and an
 * email address (it would become a login name: https://office@peakroofing.example).
 */
export function withScheme(url: string): string {
  const bare = url.trim();
  const host = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d{1,5})?([/?#]\S*)?$/u;
  return /^[a-z][a-z\d+.-]*:\/\//i.test(bare) || !host.test(bare) ? bare : `https://${bare}`;
}

async function ask(missing: typeof QUESTIONS): Promise<Partial<Record<keyof StarterAnswers, string>>> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const out: Partial<Record<keyof StarterAnswers, string>> = {};
  try {
    for (const q of missing) {
      const fallback = q.fallback?.();
      const answer = (await rl.question(`${q.ask}${fallback ? ` [${fallback}]` : ''}: `)).trim();
      out[q.key] = answer || fallback || '';
    }
  } finally {
    rl.close();
  }
  return out;
}

if (import.meta.main) {
  const cli = defineCommand({
    usage: `usage: npm run init -- DIR ${QUESTIONS.map((q) => `--${q.flag} …`).join(' ')}\n  (on a terminal, init asks for what is not given)`,
    options: Object.fromEntries(QUESTIONS.map((q) => [q.flag, { type: 'string' as const }])),
    positionals: [1, 1],
    positionalNames: ['DIR'],
  });
  const { values, positionals } = cli.parse();
  const dir = positionals[0]!;
  console.log(`init: content folder ${dir}/ — a new business`);
  try {
    refuseExisting(dir);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const given = Object.fromEntries(QUESTIONS.flatMap((q) => (values[q.flag] ? [[q.key, values[q.flag] as string]] : [])));
  const missing = QUESTIONS.filter((q) => given[q.key] === undefined);
  let asked: Partial<Record<keyof StarterAnswers, string>> = {};
  if (missing.length > 0 && process.stdin.isTTY) asked = await ask(missing);
  else
    for (const q of missing) {
      const fallback = q.fallback?.();
      if (fallback) asked[q.key] = fallback;
    }
  const all = { ...asked, ...given };
  const unanswered = QUESTIONS.filter((q) => !all[q.key]);
  if (unanswered.length > 0) {
    console.error(`missing: ${unanswered.map((q) => `--${q.flag}`).join(', ')} (not on a terminal, so init cannot ask)`);
    process.exit(2);
  }
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  // "peakroofing.example", as people say their website: the https:// is added, and said.
  const url = withScheme(all.url!);
  if (url !== all.url) console.log(`website: ${url}`);
  try {
    const result = runInit(dir, {
      name: all.name!,
      url,
      telephone: all.telephone!,
      towns: list(all.towns!),
      services: list(all.services!),
      timeZone: all.timeZone!,
      locale: all.locale!,
    });
    console.log(`wrote ${result.contentDir}/business.json and ${result.contentDir}/reviews/`);
    console.log(`set CONTENT_DIR=${result.contentDir} in .env: import, verify, build and start now work on it`);
    console.log('next: npm run import -- google-takeout ~/Downloads/takeout-….zip (docs/start-your-own-business.md)');
  } catch (e) {
    console.error(e instanceof ContentError || e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
