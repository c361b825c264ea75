/**
 * Command-line manners shared by every script: an unknown option, a missing argument or a bad value is
 * answered with one line naming the problem, then the usage, and exit code 2 — never a stack trace. `--help`
 * prints the usage and exits 0.
 *
 *   const cli = defineCommand({ usage: 'npm run x -- --n N', options: { n: { type: 'string' } } });
 *   const { values, positionals } = cli.parse();          // exits 2 on unknown options etc.
 *   const n = cli.int(values.n, '--n', { min: 1 });        // exits 2 on a bad value
 *   if (!values.out) cli.fail('--out is required');        // exits 2 with the usage
 *   await runMain(async () => { ... });                    // errors: one message, exit 1
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ContentError } from '../../core/content/content-error.ts';
import { isCalendarDate } from '../../core/schemas/primitives.ts';

/** Exit code of a command used wrongly (as getopt tools and Node's own argument parser use it). */
export const USAGE_EXIT_CODE = 2;
/** Exit code of a command that ran and failed (bad content, a failed pull …). */
export const FAILURE_EXIT_CODE = 1;

/** A wrong command line: the message names the problem; the usage is printed after it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

export interface CommandSpec<O extends Options> {
  /** Usage text (first line `usage: …`), printed after the problem. */
  usage: string;
  options: O;
  /** Positional arguments allowed: [min, max] (default none). */
  positionals?: [number, number];
  /** Names of the positional arguments, for "missing argument <source>". */
  positionalNames?: string[];
  /** Where the problem and usage go (default stderr), and how the process ends (tests replace both). */
  write?: (text: string) => void;
  /** Where `--help` prints the usage (default stdout). */
  print?: (text: string) => void;
  exit?: (code: number) => never;
}

/** The sentence for one of node:util parseArgs' errors, without its advice about `--`. */
function describeParseError(e: NodeJS.ErrnoException): string {
  const first = (e.message.split('\n')[0] ?? e.message).trim();
  const option = /'(-{1,2}[^' ]+)/.exec(first)?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option ?? first}`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return /argument missing/.test(first) ? `${option ?? 'an option'} needs a value` : `bad value: ${first.replace(/\.$/, '')}`;
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${/'([^']*)'/.exec(first)?.[1] ?? first}`;
  return first;
}

/** Boolean options by name, for a spec's `options`: `{ ...flags('json', 'quiet'), ...texts('out') }`. */
export function flags<N extends string>(...names: N[]): Record<N, { type: 'boolean' }> {
  return Object.fromEntries(names.map((n) => [n, { type: 'boolean' }])) as Record<N, { type: 'boolean' }>;
}

/** Options that take a value (text; `cli.int`, `cli.date` … read it), by name. */
export function texts<N extends string>(...names: N[]): Record<N, { type: 'string' }> {
  return Object.fromEntries(names.map((n) => [n, { type: 'string' }])) as Record<N, { type: 'string' }>;
}

export interface Command<O extends Options> {
  /** Parses process.argv (or `args`); on any problem prints it with the usage and exits 2. */
  parse(args?: string[]): ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;
  /** Prints `message` and the usage, exits 2. */
  fail(message: string): never;
  /** A whole number in [min, max] from an option's text, else fail() naming the option. */
  int(value: string | undefined, name: string, range?: { min?: number; max?: number }): number | undefined;
  /** A `YYYY-MM-DD` date, else fail(). */
  date(value: string | undefined, name: string): string | undefined;
  /** One of `choices`, else fail(). */
  choice<T extends string>(value: string | undefined, name: string, choices: readonly T[]): T | undefined;
}

/** A command's parser and validators, sharing one usage text. */
export function defineCommand<O extends Options>(spec: CommandSpec<O>): Command<O> {
  const write = spec.write ?? ((t: string) => void process.stderr.write(t));
  const exit = spec.exit ?? ((code: number) => process.exit(code));
  const fail = (message: string): never => {
    write(`${message}\n${spec.usage.trimEnd()}\n`);
    return exit(USAGE_EXIT_CODE);
  };
  const print = spec.print ?? ((t: string) => void process.stdout.write(t));
  const [min, max] = spec.positionals ?? [0, 0];
  return {
    fail,
    parse(args) {
      const given = args ?? process.argv.slice(2);
      // --help (or -h) before any "--": the usage on stdout, exit 0, whatever else is on the line.
      const options = given.includes('--') ? given.slice(0, given.indexOf('--')) : given;
      if (!('help' in spec.options) && options.some((a) => a === '--help' || a === '-h')) {
        print(`${spec.usage.trimEnd()}\n`);
        return exit(0);
      }
      let parsed;
      try {
        parsed = parseArgs({ args: given, options: spec.options, allowPositionals: true, strict: true });
      } catch (e) {
        return fail(describeParseError(e as NodeJS.ErrnoException));
      }
      if (parsed.positionals.length > max) fail(`unexpected argument ${parsed.positionals[max]}`);
      if (parsed.positionals.length < min) {
        const missing = (spec.positionalNames ?? []).slice(parsed.positionals.length, min);
        fail(`missing argument${min - parsed.positionals.length > 1 ? 's' : ''}${missing.length ? ` ${missing.join(' ')}` : ''}`);
      }
      return parsed as never;
    },
    int(value, name, range = {}) {
      if (value === undefined) return undefined;
      const n = Number(value);
      const lo = range.min ?? Number.MIN_SAFE_INTEGER;
      const hi = range.max ?? Number.MAX_SAFE_INTEGER;
      if (value.trim() === '' || !Number.isInteger(n) || n < lo || n > hi)
        fail(
          `${name} must be a whole number${range.min !== undefined ? ` from ${lo}` : ''}${range.max !== undefined ? ` to ${hi}` : ''} (got "${value}")`,
        );
      return n;
    },
    date(value, name) {
      if (value !== undefined && !isCalendarDate(value)) fail(`${name} must be a date written YYYY-MM-DD (got "${value}")`);
      return value;
    },
    choice(value, name, choices) {
      if (value !== undefined && !(choices as readonly string[]).includes(value))
        fail(`${name} must be one of ${choices.join(', ')} (got "${value}")`);
      return value as never;
    },
  };
}

/**
 * Runs a command's body: a UsageError prints its message (exit 2); a ContentError or any other error
 * prints its message alone — no stack trace (SHINGLE_DEBUG=1 shows it) — and exits 1.
 */
export async function runMain(body: () => Promise<void> | void, usage?: string): Promise<void> {
  try {
    await body();
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n${usage ? `${usage.trimEnd()}\n` : ''}`);
      process.exit(USAGE_EXIT_CODE);
    }
    if (process.env.SHINGLE_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    else process.stderr.write(`${e instanceof ContentError || e instanceof Error ? e.message : String(e)}\n`);
    process.exit(FAILURE_EXIT_CODE);
  }
}
