// `npm run csv -- validate [--kind merchants|invoices] <file>`: the CSV validator of decision P3
// (tools/csv). Exit code 0 valid, 1 any error, 2 usage error.
import { runCsvCli } from './cli.ts';

process.exitCode = await runCsvCli(process.argv.slice(2));
