import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/build-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'absa-'));
function runCli(args: string[], input: string) {
  const file = join(dir, `in-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, input);
  return spawnSync(process.execPath, [join(ROOT, 'scripts/absa.ts'), ...args, file], { encoding: 'utf8', cwd: ROOT });
}

// Each case spawns a Node process that loads the engine and its weights: on a busy machine that takes seconds.
describe('npm run absa (scripts/absa.ts)', { timeout: 30_000 }, () => {
  it('writes one {"id","polarity"} line per input line and nothing else to stdout', () => {
    const input = [
      { id: 'a', text: 'The crew was great but the cleanup was poor.', aspect: 'cleanup', from: 27, to: 34 },
      { id: 'b', text: 'The crew was great but the cleanup was poor.', aspect: 'crew', from: 4, to: 8 },
      { id: 7, text: 'Nobody called us back for weeks.', aspect: 'communication' },
      { id: 'd', text: 'They showed up on time.', aspect: 'on time' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const out = runCli([], `${input}\n\n`);
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(
      [
        '{"id":"a","polarity":"negative"}',
        '{"id":"b","polarity":"positive"}',
        '{"id":7,"polarity":"negative"}',
        '{"id":"d","polarity":"positive"}',
        '',
      ].join('\n'),
    );
  });

  it('--detect writes the (aspect, polarity) pairs of each text', () => {
    const out = runCli(
      ['--detect'],
      `${JSON.stringify({ id: 'x', text: 'Great crew but the cleanup was poor.' })}\n${JSON.stringify({ id: 'y', text: '' })}\n`,
    );
    expect(out.status).toBe(0);
    const lines = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        id: 'x',
        aspects: [
          { aspect: 'cleanup', polarity: 'negative' },
          { aspect: 'professionalism', polarity: 'positive' },
        ],
      },
      { id: 'y', aspects: [] },
    ]);
  });

  it('rejects a malformed file on stderr with exit code 1 and no partial output', () => {
    const out = runCli([], `${JSON.stringify({ id: 'a', text: 'fine', aspect: 'price' })}\nnot json\n{"id":"c"}\n`);
    expect(out.status).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/line 2: not valid JSON/);
    expect(out.stderr).toMatch(/line 3: text/);
  });

  it('prints usage on stderr with exit code 2 without a file', () => {
    const out = spawnSync(process.execPath, [join(ROOT, 'scripts/absa.ts')], { encoding: 'utf8', cwd: ROOT });
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
  });
});
