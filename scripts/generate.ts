// npm run generate: contracts -> generated/openapi, generated/types, docs. Deterministic. Ends
// with one line per breaking change against each API's last release (scripts/release/breaking-lines.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contracts, documents } from '../contracts/index.ts';
import { generateAll } from './pipeline/index.ts';
import { pipelineOptions } from './pipeline/options.ts';
import { readmeFile } from './readme-table.ts';
import { breakingLines } from './release/breaking-lines.ts';
import { CLIS } from './clis.ts';
import { cliArgs } from '../tools/help.ts';

cliArgs(CLIS.generate);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const files = [...(await generateAll(documents, pipelineOptions)), await readmeFile(root, contracts)];
const changed: string[] = [];
for (const file of files) {
  const target = join(root, file.path);
  const before = await readFile(target, 'utf8').catch(() => undefined);
  if (before === file.content) continue;
  changed.push(`${before === undefined ? 'new' : 'changed'}  ${file.path}`);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, file.content);
}
const took = ((performance.now() - started) / 1000).toFixed(2);
console.log(`generated ${files.length} files in ${took} s: ${changed.length === 0 ? 'all unchanged' : `${changed.length} written`}`);
for (const line of changed) console.log(`  ${line}`);
const json = (api: string) => files.find((f) => f.path === `generated/openapi/${api}.json`)?.content;
for (const line of breakingLines(root, contracts, (api) => (json(api) === undefined ? undefined : JSON.parse(json(api)!)))) console.log(line);
