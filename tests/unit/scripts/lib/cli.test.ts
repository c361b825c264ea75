/** Issue 25 — command-line manners: one line naming the problem, the usage, exit code 2. */
import { describe, expect, it } from 'vitest';
import { withScheme } from '../../../../scripts/init.ts';
import { defineCommand } from '../../../../scripts/lib/cli.ts';

class Exit extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`exit ${code}`);
    this.code = code;
  }
}

function command(printed: string[] = []) {
  const out: string[] = [];
  const cli = defineCommand({
    print: (t) => void printed.push(t),
    usage: 'usage: npm run x -- --n N [--today YYYY-MM-DD] <file>',
    options: { n: { type: 'string' }, today: { type: 'string' }, quiet: { type: 'boolean' } },
    positionals: [1, 1],
    positionalNames: ['<file>'],
    write: (t) => void out.push(t),
    exit: (code) => {
      throw new Exit(code);
    },
  });
  const run = (args: string[], check?: (c: typeof cli, v: Record<string, unknown>) => void) => {
    try {
      const { values } = cli.parse(args);
      check?.(cli, values);
      return { code: 0, text: out.join('') };
    } catch (e) {
      if (e instanceof Exit) return { code: e.code, text: out.join('') };
      throw e;
    }
  };
  return run;
}

describe('defineCommand', () => {
  it.each([
    [['f', '--foo'], 'unknown option --foo'],
    [['f', '-z'], 'unknown option -z'],
    [['f', '--n'], '--n needs a value'],
    [['f', '--quiet=yes'], "bad value: Option '--quiet' does not take an argument"],
    [['f', 'g'], 'unexpected argument g'],
    [[], 'missing argument <file>'],
  ])('%j → %s', (args, first) => {
    const { code, text } = command()(args);
    expect(code).toBe(2);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(first);
    expect(lines[1]).toBe('usage: npm run x -- --n N [--today YYYY-MM-DD] <file>');
    expect(lines).toHaveLength(2);
  });

  it('validates values with one line naming the option', () => {
    const n = (v: string) => command()(['f', '--n', v], (c, values) => c.int(values.n as string, '--n', { min: 1, max: 9 }));
    expect(n('5')).toEqual({ code: 0, text: '' });
    expect(n('0').text).toMatch(/^--n must be a whole number from 1 to 9 \(got "0"\)\n/);
    expect(n('1.5').code).toBe(2);
    expect(n('').code).toBe(2);
    const d = command()(['f', '--today', '2026-02-30'], (c, values) => c.date(values.today as string, '--today'));
    expect(d.text).toMatch(/^--today must be a date written YYYY-MM-DD \(got "2026-02-30"\)\n/);
  });

  it('--help or -h prints the usage on stdout and exits 0, whatever else is on the line; after "--" it is an argument', () => {
    for (const args of [['--help'], ['f', '-h'], ['--foo', '--help']]) {
      const printed: string[] = [];
      expect(command(printed)(args)).toEqual({ code: 0, text: '' });
      expect(printed.join('')).toBe('usage: npm run x -- --n N [--today YYYY-MM-DD] <file>\n');
    }
    const printed: string[] = [];
    expect(command(printed)(['--', '--help'])).toEqual({ code: 0, text: '' });
    expect(printed).toEqual([]);
  });
});

describe('init: the website as people write it', () => {
  it('adds https:// to a bare host, and leaves a URL with a scheme (or text that is no host) as it is', () => {
    expect(withScheme('peakroofing.example')).toBe('https://peakroofing.example');
    expect(withScheme(' www.peak.example/roofs ')).toBe('https://www.peak.example/roofs');
    expect(withScheme('http://peak.example')).toBe('http://peak.example');
    expect(withScheme('https://peak.example')).toBe('https://peak.example');
    expect(withScheme('not a site')).toBe('not a site');
    expect(withScheme('javascript:alert(1)')).toBe('javascript:alert(1)'); // left for the schema to refuse
    expect(withScheme('peakroofing.example:8443')).toBe('https://peakroofing.example:8443');
    expect(withScheme('office@peakroofing.example')).toBe('office@peakroofing.example'); // never a login name
  });
});
