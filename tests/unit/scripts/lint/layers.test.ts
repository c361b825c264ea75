/**
 * The lint rules that keep the house's layers: a deliberately wrong import fails in every layer it
 * breaks, and a deliberate import cycle is reported, a type-only one too. Runs the project's real ESLint config.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const FIXTURES = join(ROOT, 'tests/fixtures/lint');
const eslint = new ESLint({ cwd: ROOT, ignore: false });
// The layer checks run without the cycle rule: it would follow the fixture's imports through all of sidecar/,
// site/ and tests/ (3.5 s of the file's 3.6 s) to answer a question the cycle test below asks on its own.
const layersOnly = new ESLint({ cwd: ROOT, ignore: false, overrideConfig: { rules: { 'house/no-import-cycle': 'off' } } });
const wrongImport = readFileSync(join(FIXTURES, 'wrong-layer-import.ts'), 'utf8');

/** Messages of one rule when the fixture's text is linted as if it were the file at `path`. */
async function messagesAt(path: string, rule: string): Promise<string[]> {
  const [result] = await layersOnly.lintText(wrongImport, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('layer rules', { timeout: 60_000 }, () => {
  it('core/ may import nothing outside core/', async () => {
    const messages = await messagesAt('core/wrong.ts', 'no-restricted-imports');
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('core/ is pure');
  });
  it('site/ and sidecar/ may import only core/', async () => {
    expect(await messagesAt('site/wrong.ts', 'no-restricted-imports')).toHaveLength(2); // sidecar, tests
    expect(await messagesAt('sidecar/wrong.ts', 'no-restricted-imports')).toHaveLength(2); // tests, site
  });
  it('scripts/ may import anything but tests/', async () => {
    const messages = await messagesAt('scripts/wrong.ts', 'no-restricted-imports');
    expect(messages).toEqual([expect.stringContaining('never tests/')]);
  });
  it('an import cycle is an error', async () => {
    const results = await eslint.lintFiles([join(FIXTURES, 'cycle-a.ts'), join(FIXTURES, 'cycle-b.ts')]);
    const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'house/no-import-cycle'));
    expect(cycles.length).toBeGreaterThanOrEqual(1);
  });
  it('a cycle made only of `import type` is an error too', async () => {
    const results = await eslint.lintFiles([join(FIXTURES, 'type-cycle-a.ts'), join(FIXTURES, 'type-cycle-b.ts')]);
    const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'house/no-import-cycle').map((m) => m.message));
    expect(cycles).toEqual([
      expect.stringContaining('tests/fixtures/lint/type-cycle-a.ts → tests/fixtures/lint/type-cycle-b.ts → tests/fixtures/lint/type-cycle-a.ts'),
      expect.stringContaining('tests/fixtures/lint/type-cycle-b.ts → tests/fixtures/lint/type-cycle-a.ts → tests/fixtures/lint/type-cycle-b.ts'),
    ]);
  });
});
