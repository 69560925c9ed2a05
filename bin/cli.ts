#!/usr/bin/env node
// `cryptopay-toolkit <command>`: the package's command line (package.json "bin"), compiled to
// dist/bin/cli.js so `npx cryptopay-toolkit ...` works from an installed package. Each command
// is the same code as the repository's npm script: contract (npm run contract), diff (npm run
// diff), csv (npm run csv), serve (npm start); webhooks (trigger, test, listen, replay) has no npm script.
// Commands are imported lazily so `csv` does not load Express.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { reason } from '../tools/help.ts';

const PROG = 'cryptopay-toolkit';

const USAGE = `Usage: ${PROG} <command> [options]

Commands:
  contract --api <exchange|merchant|partner|all> --base-url URL [options]
                 contract tests against a running deployment (diff table; exit 1 on mismatch)
  diff [--base <git ref | file | URL>] [--api NAME] [--format text|json|markdown] [--fail-on LEVEL]
                 breaking-change diff against a base (default each API's last release; exit 1 on ERR)
  csv validate [--kind merchants|invoices] [--json] FILE
                 validate a partner merchant import or invoice upload CSV file
  serve [--host HOST] [--port PORT] [--config FILE]
                 the reference server with its sandbox defaults (demo credentials printed)
  webhooks trigger <event> --to URL [--merchant KEY] [--set field=value ...] [--encoding json|form]
                 send a declared merchant webhook, signed exactly as the sandbox signs it
  webhooks test --url URL --secret S [--encoding json|form] [--probe URL] [--json]
                 test a webhook receiver: valid, forged, expired, future, duplicate, malformed,
                 unknown-event and rotated-secret deliveries (exit 1 when it answers wrongly)
  webhooks listen --forward-to URL [--merchant KEY] [--sandbox URL]
                 forward a running sandbox's webhook deliveries, unchanged, to a local receiver
  webhooks replay <delivery id> [--to URL] [--sandbox URL]
                 have the sandbox send a logged delivery again, byte for byte

Run "${PROG} <command> --help" for a command's options; "${PROG} --version" prints the version.`;

const SERVE_USAGE = `Usage: ${PROG} serve [--host HOST] [--port PORT] [--config FILE]

Starts the reference server (the sandbox): exchange at /api/v1, merchant at /merchant/v2,
partner at /partner/v1, docs at /docs/. Prints the URLs and the demo credentials once it listens.

  --host HOST      interface to bind (default $HOST or 127.0.0.1)
  --port PORT      port, 0 for any free one (default $PORT or 8080)
  --config FILE    JSON config deep-merged over the sandbox defaults (default $CONFIG)
Environment: VALIDATE=all|requests|none, RATE_LIMIT=on|off (see the package README).
A port it cannot take is one line on stderr and exit code 1; SIGTERM/SIGINT close it cleanly.`;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function serveCommand(argv: string[]): Promise<number | undefined> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: { host: { type: 'string' }, port: { type: 'string' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    process.stderr.write(`serve: ${reason((e as Error).message)} (--help for usage)\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return 0;
  }
  const { serve } = await import('../server/serve.ts');
  await serve({
    ...process.env,
    ...(values.host !== undefined ? { HOST: values.host } : {}),
    ...(values.port !== undefined ? { PORT: values.port } : {}),
    ...(values.config !== undefined ? { CONFIG: values.config } : {}),
  });
  return undefined; // the server keeps the process alive
}

async function main(argv: string[]): Promise<number | undefined> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'contract': {
      const { contractCli } = await import('../tools/contract/cli.ts');
      return contractCli(rest, `${PROG} contract`);
    }
    case 'diff': {
      const { diffCli } = await import('../tools/diff/cli.ts');
      return diffCli(rest, `${PROG} diff`);
    }
    case 'csv': {
      const { runCsvCli } = await import('../tools/csv/cli.ts');
      return runCsvCli(rest, undefined, `${PROG} csv`);
    }
    case 'serve':
      return serveCommand(rest);
    case 'webhooks': {
      const { webhooksCli } = await import('../tools/webhooks/cli.ts');
      return webhooksCli(rest, `${PROG} webhooks`);
    }
    case '--version':
    case '-v':
      process.stdout.write(`${version()}\n`);
      return 0;
    case '--help':
    case '-h':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    default:
      if (command === undefined) process.stderr.write(`no command given\n\n${USAGE}\n`);
      else process.stderr.write(`${PROG}: unknown ${command.startsWith('-') ? 'option' : 'command'} "${command}" (--help for usage)\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${PROG}: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 2;
  },
);
