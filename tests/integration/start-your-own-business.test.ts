/**
 * Acceptance (issue 24): docs/start-your-own-business.md followed end to end, with real processes, in a fresh
 * copy of the project: `npm run init`, import a Google Takeout .zip, verify against a jobs CSV as US Excel
 * saves it, build, `npm start` — the site served is the new business, never the sample.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/build-fixture.ts';
import { fixtureFiles, IMPORT_FIXTURES } from '../helpers/import-fixtures.ts';
import { makeZip } from '../helpers/make-zip.ts';
import { withDeadline } from '../helpers/wait-for.ts';

const run = promisify(execFile);
/** How long `npm start` may take to build and listen on a slow, shared machine. */
const START_DEADLINE_MS = 90_000;
const NAME = 'Treasure Valley Roofing';
const SAMPLE_NAME = 'Summit Ridge Roofing';
/** What a fresh clone has that the commands need (node_modules is linked, as `npm ci` would have made it). */
const PROJECT = ['package.json', 'package-lock.json', 'astro.config.mjs', 'tsconfig.json', 'core', 'site', 'sidecar', 'scripts', 'content'];

let home: string;
let project: string;
const out: Record<string, string> = {};

/** `npm run <script> -- args` in the copy, as the page writes it; resolves with stdout, rejects with both streams. */
async function npm(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['CONTENT_DIR', 'DIST_DIR', 'BASE_URL'].includes(k)));
  const { stdout } = await run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: project,
    env: { ...clean, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The jobs of tests/fixtures/import/jobs.csv as US Excel's "CSV UTF-8" writes them: BOM, CRLF, Title Case headers, M/D/YYYY. */
function usExcelJobs(): string {
  const [header, ...rows] = readFileSync(join(IMPORT_FIXTURES, 'jobs.csv'), 'utf8').trim().split('\n');
  const titles = header!.split(',').map((h) =>
    h
      .replace(/_/g, ' ')
      .replace(/\b(\w)/g, (c) => c.toUpperCase())
      .replace('Id', 'ID'),
  );
  const us = rows.map((r) => r.replace(/(\d{4})-(\d{2})-(\d{2})/, (_, y: string, m: string, d: string) => `${Number(m)}/${Number(d)}/${y}`));
  return `\ufeff${[titles.join(','), ...us].join('\r\n')}\r\n`;
}

beforeAll(async () => {
  home = tempDir('own-business');
  project = join(home, 'shingle');
  mkdirSync(project);
  for (const entry of PROJECT) cpSync(join(ROOT, entry), join(project, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'dir');
  const downloads = join(home, 'Downloads');
  mkdirSync(downloads);
  const takeout = fixtureFiles('takeout-1').map((f) => ({ name: f.path, data: f.text }));
  writeFileSync(join(downloads, 'takeout-20260301T120000Z-001.zip'), makeZip(takeout));
  writeFileSync(join(downloads, 'jobs.csv'), usExcelJobs());

  out.init = await npm('init', [
    'roofs',
    '--name',
    NAME,
    '--url',
    'https://treasurevalleyroofing.example',
    '--phone',
    '+1 208-555-0148',
    '--town',
    'Loveland, Windsor, Greeley, Estes Park, Fort Collins, Berthoud',
    '--service',
    'Roof repair, Roof replacement, Gutters, Skylights',
    '--time-zone',
    'America/Boise',
    '--locale',
    'en-US',
  ]);
  out.import = await npm('import', ['google-takeout', join(downloads, 'takeout-20260301T120000Z-001.zip'), '--today', '2026-03-05']);
  out.verify = await npm('verify', ['--jobs', join(downloads, 'jobs.csv'), '--today', '2026-03-06']);
  out.build = await npm('build', []);
}, 400_000);

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('Start your own business, as the page says', () => {
  it('init wrote the folder and CONTENT_DIR, and refuses to run twice', async () => {
    expect(readFileSync(join(project, '.env'), 'utf8')).toBe('CONTENT_DIR=roofs\n');
    expect(existsSync(join(project, 'roofs', 'reviews'))).toBe(true);
    expect(readFileSync(join(project, 'roofs', 'business.json'), 'utf8')).toContain(`"name": "${NAME}"`);
    const again = await npm('init', ['roofs', '--name', 'X']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(again?.code).toBe(1);
    expect(again?.stderr).toContain('init never overwrites a business');
  });

  it('every command names the content folder and the business in its first line, and no ".env not found"', () => {
    for (const command of ['import', 'verify', 'build']) {
      expect(out[command]!.split('\n')[0]).toBe(`${command}: content folder roofs/ (CONTENT_DIR from .env) — ${NAME}`);
      expect(out[command]).not.toContain('.env not found');
    }
  });

  it('imported the zip and verified against the US Excel jobs into roofs/, never into the sample', () => {
    expect(out.import).toContain('google-takeout: 8 new, 0 updated, 0 unchanged');
    // "Thank you Rhonda!" under a name published as initials
    expect(out.import).toMatch(/warning: .*ownerReply: your reply names Rhonda, whose name is published as "R\. M\."/);
    expect(out.verify).toMatch(/verified [1-9]\d* by job match/);
    expect(readFileSync(join(project, 'content', 'reviews', '2025.jsonl'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'content', 'reviews', '2025.jsonl'), 'utf8'),
    );
  });

  it('npm start serves the new business, never the sample', async () => {
    const sidecar = await start({ PORT: '0', HOST: '127.0.0.1' });
    try {
      const home = await (await fetch(`${sidecar.url}/`)).text();
      expect(home).toContain(NAME);
      expect(home).not.toContain(SAMPLE_NAME);
      const doc = (await (await fetch(`${sidecar.url}/reviews.json`)).json()) as { business: { name: string }; reviews: unknown[] };
      expect(doc.business.name).toBe(NAME);
      expect(doc.reviews.length).toBeGreaterThan(0);
      expect(sidecar.first).toMatchObject({ event: 'content', contentDir: 'roofs', business: NAME });
    } finally {
      await sidecar.stop();
    }
  }, 120_000);

  it('npm start with the sample folder refuses, loudly, to serve or rebuild over the build of roofs/', async () => {
    const refused = await npm('start', [], { CONTENT_DIR: 'content', PORT: '0', HOST: '127.0.0.1' }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('dist/ was built from the content folder roofs/, but CONTENT_DIR is content/');
    expect(JSON.parse(readFileSync(join(project, 'dist', 'build-manifest.json'), 'utf8'))).toMatchObject({ contentDir: 'roofs' });
  }, 60_000);

  it('corrections: the crew added to business.json reaches verified reviews by verify --recheck; moderate records consent', async () => {
    const businessPath = join(project, 'roofs', 'business.json');
    const crew = '"technicians": [{ "id": "marco", "name": "Marco" }, { "id": "luis", "name": "Luis" }, { "id": "tomasz", "name": "Tomasz" }]';
    writeFileSync(businessPath, readFileSync(businessPath, 'utf8').replace('"technicians": []', crew));
    const recheck = await npm('verify', ['--jobs', join(home, 'Downloads', 'jobs.csv'), '--recheck', '--today', '2026-03-07']);
    expect(recheck).toMatch(/recheck: [1-9]\d* change\(s\) to reviews verified by a job/);
    expect(recheck).toMatch(/\(job JOB-25-101\) technicians: \(none: read from the text\) → \[luis, marco\]/);
    const again = await npm('verify', ['--jobs', join(home, 'Downloads', 'jobs.csv'), '--recheck', '--today', '2026-03-08']);
    expect(again).toContain('recheck: 0 change(s)');
    // A technician's id renamed in business.json: the reviews naming the old id are let through and repaired.
    writeFileSync(businessPath, readFileSync(businessPath, 'utf8').replace('"id": "marco"', '"id": "marco-r"'));
    const renamed = await npm('verify', ['--jobs', join(home, 'Downloads', 'jobs.csv'), '--recheck', '--today', '2026-03-08']);
    expect(renamed).toMatch(/\(job JOB-25-101\) technicians: \[luis, marco\] → \[luis, marco-r\]/);
    const rhonda = readFileSync(join(project, 'roofs', 'reviews', '2025.jsonl'), 'utf8')
      .split('\n')
      .map((l) => (l ? (JSON.parse(l) as { id: string; author: string }) : null))
      .find((r) => r?.author === 'Rhonda M.')!;
    const moderated = await npm('moderate', [rhonda.id, 'consent', '--reason', 'reviewer-agreed']);
    expect(moderated).toContain(`${rhonda.id}: consent (reviewer-agreed); wrote roofs/reviews/2025.jsonl`);
    const refused = await npm('moderate', [rhonda.id, 'reject', '--reason', 'one-star']).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('--reason must be one of: not-a-customer');
  }, 60_000);
});

/** `npm start` in the copy; resolves once it listens, with its first log line. */
async function start(env: Record<string, string>): Promise<{ url: string; first: Record<string, unknown>; stop(): Promise<void> }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['CONTENT_DIR', 'DIST_DIR', 'BASE_URL'].includes(k)));
  // Not through npm: its process would stand between the test and the server's SIGTERM. The same command line as package.json's "start".
  const script = (JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
    .split(' ')
    .slice(1);
  const proc: ChildProcess = spawn(process.execPath, script, { cwd: project, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: Record<string, unknown>[] = [];
  const listening = new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        return;
      }
      const last = lines.at(-1)!;
      if (last.event === 'listening') resolve(String(last.url).replace(/\/$/, ''));
    });
    proc.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${stderr}`)));
  });
  const url = await withDeadline(listening, { what: 'npm start to listen', timeoutMs: START_DEADLINE_MS }).catch((e: unknown) => {
    throw new Error(`${String(e)}: ${stderr}`);
  });
  return {
    url,
    first: lines[0]!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
