/**
 * Issue 25 — every command answers a wrong command line with one line naming the problem, then its usage,
 * and exit code 2; never a stack trace (before: `npm run import -- csv --foo` printed Node's
 * ERR_PARSE_ARGS_UNKNOWN_OPTION trace). Real processes, as a user runs them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, SHINGLE_DEBUG: '', ...env },
  });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe('command-line manners', () => {
  it.each([
    ['import.ts', ['csv', '--foo'], 'unknown option --foo'],
    ['import.ts', [], 'missing argument <source>'],
    ['import.ts', ['nope', 'x'], 'unknown source "nope"'],
    [
      'import.ts',
      ['csv', 'docs/examples/reviews-template.csv', '--today', '2026-13-01'],
      '--today must be a date written YYYY-MM-DD (got "2026-13-01")',
    ],
    ['import.ts', ['google', '--location', 'locations/1'], '--location "locations/1" must be written accounts/<account id>/locations/<location id>'],
    ['verify.ts', ['--jobs'], '--jobs needs a value'],
    ['verify.ts', ['--jobs', 'docs/examples/jobs.csv', '--days-after', 'soon'], '--days-after must be a whole number from 0 to 3650 (got "soon")'],
    ['build.ts', ['--fast'], 'unknown option --fast'],
    ['generate.ts', ['--out', '/nonexistent/x', '--count', 'many'], '--count must be a whole number from 0 to 100000000 (got "many")'],
    ['generate.ts', ['--count', '5'], 'missing --out: the folder to write the content to'],
    ['bench.ts', ['--all'], 'unknown option --all'],
    ['bench.ts', ['nosuch'], 'unknown suite "nosuch"'],
    ['pull.ts', ['--since', 'x'], 'unknown option --since'],
    // Before: Node's ERR_PARSE_ARGS_UNKNOWN_OPTION stack trace.
    ['init.ts', ['roofs', '--nmae', 'X'], 'unknown option --nmae'],
    ['init.ts', [], 'missing argument DIR'],
    ['moderate.ts', ['r-1', 'verify', '--resaon', 'x'], 'unknown option --resaon'],
    ['moderate.ts', ['r-1', 'approve'], 'unknown action "approve": verify, consent or reject'],
    ['moderate.ts', ['r-1', 'verify', '--reason', 'phone-confirmed', '--today', 'soon'], '--today must be a date written YYYY-MM-DD (got "soon")'],
  ])('%s %j', (script, args, problem) => {
    const { code, stderr } = run(script, args);
    expect(code).toBe(2);
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(problem);
    expect(lines[1]).toMatch(/^usage: npm run /);
    expect(stderr).not.toMatch(/^\s+at |node:internal|ERR_PARSE_ARGS/m);
  });

  it.each(['import.ts', 'verify.ts', 'build.ts', 'generate.ts', 'bench.ts', 'pull.ts', 'init.ts', 'moderate.ts', 'eval.ts'])(
    '%s --help prints its usage on stdout and exits 0',
    (script) => {
      const { code, stdout, stderr } = run(script, script === 'init.ts' ? ['roofs', '--help'] : ['--help']);
      expect(stderr, stderr).not.toMatch(/^\s+at |node:internal|ERR_PARSE_ARGS|unknown option/m);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: npm run /m);
    },
  );

  it('reads a file named on the command line from the folder npm was started in (INIT_CWD), and says where it looked', () => {
    const here = join(tmpdir(), 'shingle-cli-elsewhere');
    for (const [script, args, problem] of [
      ['import.ts', ['csv', 'rev.csv'], `rev.csv: no such file or folder (looked for ${join(here, 'rev.csv')})`],
      ['verify.ts', ['--jobs', 'jobs.csv'], `--jobs jobs.csv: no such file (looked for ${join(here, 'jobs.csv')})`],
    ] as const) {
      const { code, stderr } = run(script, [...args], { INIT_CWD: here });
      expect(code).toBe(2);
      expect(stderr.split('\n')[0]).toBe(problem);
    }
  });

  it("pull says first which content folder and business it works on, on stderr (stdout is --json's)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'shingle-cli-pull-'));
    try {
      const business = JSON.parse(readFileSync(join(ROOT, 'content', 'business.json'), 'utf8')) as Record<string, unknown>;
      delete business.pull; // no live source: nothing is fetched
      writeFileSync(join(dir, 'business.json'), JSON.stringify(business));
      mkdirSync(join(dir, 'reviews'));
      const { code, stderr, stdout } = run('pull.ts', [], { CONTENT_DIR: dir });
      expect(code).toBe(0);
      expect(stdout).toBe('');
      expect(stderr.split('\n')[0]).toMatch(/^pull: content folder .* \(CONTENT_DIR from the environment\) — Summit Ridge Roofing$/);
      // Started by a command that read CONTENT_DIR from .env (npm start runs the build so), it says .env.
      const child = run('pull.ts', [], { CONTENT_DIR: dir, SHINGLE_CONTENT_DIR_ORIGIN: `.env:${dir}` });
      expect(child.stderr.split('\n')[0]).toMatch(/\(CONTENT_DIR from \.env\)/);
      const other = run('pull.ts', [], { CONTENT_DIR: dir, SHINGLE_CONTENT_DIR_ORIGIN: '.env:roofs' });
      expect(other.stderr.split('\n')[0]).toMatch(/\(CONTENT_DIR from the environment\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a failing run prints its reason, not a stack trace, and exits 1', () => {
    const { code, stderr } = run('import.ts', ['google', '--location', 'accounts/1/locations/2']);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN are not set/);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
