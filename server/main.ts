// `npm start`: the reference server with its sandbox defaults (see serve.ts for the variables).
// Options are refused (the environment configures it); --help prints the usage.
import { parseArgs } from 'node:util';
import { serve } from './serve.ts';

const START_USAGE = `Usage: npm start

Starts the reference server with its sandbox defaults and prints its URLs and demo credentials.
Configured by the environment: HOST, PORT (default 127.0.0.1:8080), CONFIG (a JSON file merged
over the defaults), STATE, DATABASE_URL, VALIDATE=all|requests|none, RATE_LIMIT=on|off.
The same server with options: cryptopay-toolkit serve --help.`;

let help = false;
try {
  help = parseArgs({ args: process.argv.slice(2), options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }).values.help === true;
} catch (e) {
  process.stderr.write(`npm start: ${(e as Error).message.split('.')[0]} (--help for usage)\n`);
  process.exit(2);
}
if (help) process.stdout.write(`${START_USAGE}\n`);
else void serve();
