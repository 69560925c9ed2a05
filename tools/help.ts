// The command-line convention every script of the project follows: `--help` (or `-h`) prints the
// usage on stdout and exits 0; an unknown option, a missing value or a stray argument is one line
// on stderr and exit code 2, never a stack trace.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface Cli<O extends Options> {
  /** The command as typed, e.g. `npm run release --`. */
  name: string;
  usage: string;
  options: O;
  allowPositionals?: boolean;
}

export type Parsed<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;

/** The parsed arguments; or the exit code when the command line was `--help` (0) or wrong (2), already reported. */
export function parseCli<O extends Options>(cli: Cli<O>, argv: readonly string[], out: (s: string) => unknown = (s) => process.stdout.write(s), err: (s: string) => unknown = (s) => process.stderr.write(s)): Parsed<O> | number {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(`${cli.usage}\n`);
    return 0;
  }
  try {
    const parsed = parseArgs({ args: [...argv], options: cli.options, allowPositionals: true, strict: true });
    if (!cli.allowPositionals && parsed.positionals.length > 0) throw new Error(`unexpected argument '${parsed.positionals[0]}'`);
    return parsed as Parsed<O>;
  } catch (e) {
    err(`${cli.name}: ${reason((e as Error).message)} (--help for usage)\n`);
    return 2;
  }
}

/** For a script: the parsed arguments, or the process exits with parseCli's code. */
export function cliArgs<O extends Options>(cli: Cli<O>, argv: readonly string[] = process.argv.slice(2)): Parsed<O> {
  const r = parseCli(cli, argv);
  if (typeof r === 'number') process.exit(r);
  return r;
}

/** For a script that takes no options: answers `--help`, refuses anything else. */
export function exitWithHelp(argv: readonly string[], usage: string, name = usage.split('\n')[0]!.replace(/^Usage: /, '')): void {
  cliArgs({ name, usage, options: {} }, argv);
}

/** A parse or usage error as the one line the convention prints (`unknown option --x`, not Node's paragraph). */
export function reason(message: string): string {
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  return unknown ? `unknown option ${unknown[1]}` : message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '');
}
