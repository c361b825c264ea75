/**
 * Facts the docs and repository files state that code can check: where the site uses set:html,
 * how MCP session ids are keyed, what .gitignore keeps out of the repository.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CDN_EXCLUDED_FILES } from '../../../core/build/render-headers-file.ts';
import { DYNAMIC_ROUTES } from '../../../core/model/published-paths.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

describe('docs say what the code does', () => {
  it('docs/site.md names every file of site/ that uses set:html', () => {
    const users = filesUnder('site')
      .filter((f) => /set:html=/.test(read(f)))
      .map((f) => f.replace(/^site\/components\//, ''))
      .sort();
    expect(users.length).toBeGreaterThan(0);
    const escaping = read('docs/site.md').split('## Escaping')[1]!.split('\n## ')[0]!;
    for (const file of users) expect(escaping, file).toContain(`\`${file}\``);
    expect(escaping).not.toMatch(/only `set:html`/);
  });

  it('docs/deploy.md tells where MCP session ids get their key when MCP_SESSION_SECRET is unset (a 0600 file, not BASE_URL)', () => {
    const row = read('docs/deploy.md')
      .split('\n')
      .find((l) => l.startsWith('| `MCP_SESSION_SECRET` |'))!;
    expect(row).not.toMatch(/BASE_URL/);
    expect(row).toMatch(/0600/);
  });
});

describe('the lists of dynamic paths agree with DYNAMIC_ROUTES', () => {
  const lists: [string, (text: string) => string][] = [
    ['docs/deploy.md', (t) => t.slice(t.indexOf('Dynamic paths (everything else'), t.indexOf('## A. One process'))],
    ['docs/deploy.md', (t) => t.slice(t.indexOf('## The static tier on nginx'), t.indexOf('Three values depend on the machine'))],
    ['docs/sidecar.md', (t) => t.slice(t.indexOf('**2. CDN for the static part'), t.indexOf('Both produce identical bytes'))],
    ['README.md', (t) => t.slice(t.indexOf('2. **CDN + sidecar**'), t.indexOf('3. **nginx'))],
  ];
  it.each(lists.map(([file, pick], i) => [`${file} #${i}`, file, pick] as const))('%s names every one', (_name, file, pick) => {
    const list = pick(read(file));
    expect(list.length).toBeGreaterThan(0);
    for (const route of DYNAMIC_ROUTES) expect(list, route.path).toContain(route.prefix ? route.path.slice(0, -1) : `\`${route.path}\``);
  });
});

describe('.gitignore', () => {
  it('keeps secrets and customers’ names out of the repository: .env and the review queue of every content folder', () => {
    const lines = read('.gitignore').split('\n');
    expect(lines).toContain('.env');
    // Not anchored to content/: `npm run init` makes the owner's own folder, and its queue names customers too.
    expect(lines).toContain('review-queue.json');
  });

  it('keeps out the temporary files a killed command leaves (one of a queue holds full names), as git reads the rules', () => {
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '--no-index', '-q', path], { cwd: ROOT }).status === 0;
    for (const left of ['content/reviews/.2025.jsonl.4242-0a1b2c3d.tmp', 'roofs/.review-queue.json.4242-0a1b2c3d.tmp', '..env.4242-0a1b2c3d.tmp'])
      expect(ignored(left), left).toBe(true);
    expect(ignored('roofs/.shingle-lock-0123456789abcdef'), 'the content lock').toBe(true);
    expect(ignored('content/reviews/2025.jsonl')).toBe(false);
  });
});

describe('the nightly workflow', () => {
  it('publishes what the working sources brought when one fails, then fails the job (as the sidecar loop does)', () => {
    const workflow = read('.github/workflows/nightly.yml');
    const pull = workflow.slice(workflow.indexOf('- name: Pull new reviews and verify them'), workflow.indexOf('- name: Commit pulled reviews'));
    expect(pull).toMatch(/^ {8}id: pull$/m);
    expect(pull).toMatch(/^ {8}continue-on-error: true$/m);
    const steps = workflow.split(/^ {6}- name: /m).slice(1);
    const last = steps.at(-1)!;
    expect(last).toMatch(/^Fail when a source or the verification failed\n/);
    expect(last).toContain("if: ${{ steps.pull.outcome == 'failure' }}");
    expect(last).toMatch(/exit 1/);
    // No step between them is skipped by the failure: none asks for success().
    expect(steps.slice(1, -1).join('')).not.toMatch(/success\(\)/);
  });

  it("pulls, commits and builds the owner's content folder (vars.CONTENT_DIR; .env is never committed), the sample's when unset", () => {
    const workflow = read('.github/workflows/nightly.yml');
    expect(workflow).toMatch(/^ {6}CONTENT_DIR: \$\{\{ vars\.CONTENT_DIR \|\| 'content' \}\}$/m);
    const commit = workflow.slice(workflow.indexOf('- name: Commit pulled reviews'), workflow.indexOf('- name: Build dist/'));
    expect(commit).toContain('git status --porcelain -- "$CONTENT_DIR"');
    expect(commit).toContain('git add -- "$CONTENT_DIR"');
    expect(workflow).not.toMatch(/git (add|status)[^\n]* content\b/);
  });

  it('uploads dist/ to the CDN without the deploy-only files (nginx.conf, build-manifest.json), in every example', () => {
    const workflow = read('.github/workflows/nightly.yml');
    const step = workflow.slice(
      workflow.indexOf("# Placeholder: replace with your provider's deploy command"),
      workflow.indexOf('# WebSub publish ping'),
    );
    const copy = /^\s+rsync [^\n]* dist\/ (\S+)\//m.exec(step);
    expect(copy, 'the step copies dist/ to an upload folder').not.toBeNull();
    for (const file of CDN_EXCLUDED_FILES) expect(copy![0]).toContain(`--exclude /${file}`);
    const examples = step.split('\n').filter((l) => /wrangler|netlify deploy|s3 sync/.test(l));
    expect(examples).toHaveLength(3);
    for (const example of examples) {
      expect(example).toContain(copy![1]);
      expect(example).not.toMatch(/\bdist\b/);
    }
  });
});
