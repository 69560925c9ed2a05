// `npm run release -- --api <api> --major|--minor|--patch` (scripts/release/cli.ts; --help for all).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseCli } from './release/cli.ts';

process.exit(await releaseCli(process.argv.slice(2), join(dirname(fileURLToPath(import.meta.url)), '..')));
