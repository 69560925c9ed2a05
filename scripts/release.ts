// `npm run release -- --api <api> --version <semver>` (scripts/release/cli.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseCli } from './release/cli.ts';

process.exit(releaseCli(process.argv.slice(2), join(dirname(fileURLToPath(import.meta.url)), '..')));
