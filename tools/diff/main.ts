// `npm run diff [-- --base <git ref | file | URL>] [...]`: the breaking-change diff against each API's last release by default (tools/diff/cli.ts;
// also `cryptopay-toolkit diff`).
import { diffCli } from './cli.ts';

diffCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`diff: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(2);
  },
);
