// The usage and options of each script that has no command-line module of its own, in one place:
// the script parses its arguments with its entry here (tools/help.ts) before doing any work, and
// scripts/help.test.ts holds every one of them to --help (exit 0) and unknown option (exit 2).
import type { Cli } from '../tools/help.ts';

const none = {} as const;

export const CLIS = {
  generate: {
    name: 'npm run generate',
    usage: `Usage: npm run generate

Writes generated/ (OpenAPI documents, types, clients, docs) and the README API table from
contracts/, then prints one line per breaking change of each document against its last release
in api-history/. No options.`,
    options: none,
  },
  build: {
    name: 'npm run build',
    usage: `Usage: npm run build

Compiles the package into dist/ (ESM, .d.ts and declaration maps) and the client package into
packages/client/dist/. No options.`,
    options: none,
  },
  check: {
    name: 'npm run check',
    usage: `Usage: npm run check

Fails (exit 1) when a generated file is stale, a breaking change against an API's last release is
not accepted, redocly lint reports anything, or tsc finds an error. No options.`,
    options: none,
  },
  bench: {
    name: 'npm run bench',
    usage: `Usage: npm run bench [-- options]

Measures the figures of bench/README.md and prints them as a table.

  --quick                 a short run (under a minute), for a smoke test
  --only=FIGURE,...       some figures only (validation, express, client, memory, state, pg,
                          generate, engine, signing, bundle, nonces)
  --rounds=N --seconds=S  rounds and seconds per round
  --memory-requests=N     requests of the memory figure
  --endpoints=NAME,...    figure 10 on some requests only
  --profile               CPU profiles of the server processes`,
    options: { quick: { type: 'boolean' }, profile: { type: 'boolean' }, only: { type: 'string' }, rounds: { type: 'string' }, seconds: { type: 'string' }, 'memory-requests': { type: 'string' }, endpoints: { type: 'string' } },
  },
  lastRelease: {
    name: 'npm run test:last-release',
    usage: `Usage: npm run test:last-release

Starts today's server and runs, against it, the contract runner and the typed client of each
API's last release (checked out from the commit that recorded it; needs the git history).
Exit 1 when either finds a difference. No options.`,
    options: none,
  },
  arazzo: {
    name: 'npm run test:arazzo',
    usage: `Usage: npm run test:arazzo [-- options]

Runs the generated Arazzo flows (generated/arazzo/) with redocly respect against the reference
server as npm start runs it (sandbox defaults, state in memory), started on a free loopback port
and stopped after. Exit 0 when every flow passed; a failing flow names its step.

  --base-url URL    a server already running instead`,
    options: { 'base-url': { type: 'string' } },
  },
  prism: {
    name: 'npm run test:prism',
    usage: `Usage: npm run test:prism [-- options]

Cross-checks the documents with Stoplight Prism: its mock answers the contract runner, and its
validating proxy in front of our server sees no violation.

  --api NAME        exchange, merchant, partner or all (default all)
  --runs N          runs per operation (default 3)
  --seed N          seed of the generated requests (default 1)
  --base-url URL    a server already running (default: start npm start's server)
  --verbose         print every request`,
    options: { api: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, 'base-url': { type: 'string' }, verbose: { type: 'boolean' } },
  },
  consumer: {
    name: 'npm run test:consumer',
    usage: `Usage: npm run test:consumer

Packs the toolkit, the client package and the middleware package, installs each into a scratch
project and uses them as a consumer does (ESM and require, tsc, the CLI, the served documents, a
service on the middleware answering real requests) on Node 20, 22 and 24.
Exit 1 when a step fails. No options.`,
    options: none,
  },
  generators: {
    name: 'npm run test:generators',
    usage: `Usage: npm run test:generators

Generates clients from the documents with third-party generators (test/generators/README.md)
and checks that they compile and call the sandbox. Exit 1 when one fails. No options.`,
    options: none,
  },
} satisfies Record<string, Cli<Record<string, { type: 'string' | 'boolean' }>>>;
