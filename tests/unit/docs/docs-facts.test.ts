/**
 * Facts the docs and repository files state that code can check: where the site uses set:html,
 * how MCP session ids are keyed, what .gitignore keeps out of the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('.gitignore', () => {
  it('keeps secrets and customers’ names out of the repository: .env and content/review-queue.json', () => {
    const lines = read('.gitignore').split('\n');
    expect(lines).toContain('.env');
    expect(lines).toContain('/content/review-queue.json');
  });
});
