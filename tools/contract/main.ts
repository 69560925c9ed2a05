// `npm run contract -- --api <exchange|merchant|partner|all> --base-url <url> [options]`: the
// contract runner against any deployment (tools/contract/cli.ts; also `cryptopay-toolkit contract`).
import { contractCli } from './cli.ts';

contractCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`contract: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(2);
  },
);
