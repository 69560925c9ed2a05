// npm run generate: contracts -> generated/openapi, generated/types, docs. Deterministic.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contracts } from '../contracts/index.ts';
import { generateAll } from './pipeline/index.ts';
import { pipelineOptions } from './pipeline/options.ts';
import { readmeFile } from './readme-table.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const files = [...(await generateAll(contracts, pipelineOptions)), await readmeFile(root, contracts)];
for (const file of files) {
  const target = join(root, file.path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, file.content);
}
console.log(`generated ${files.length} files in ${((performance.now() - started) / 1000).toFixed(2)} s`);
for (const file of files) console.log(`  ${file.path}`);
