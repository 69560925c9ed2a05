// `npm run test:generators` (CI, after `npm ci --prefix test/generators`): our three documents in
// the code generators people use. Generates from generated/openapi/{api}.json
// with @hey-api/openapi-ts (fetch client, SDK, zod plugin), orval (fetch client, and zod schemas)
// and openapi-zod-client (zodios client), type-checks all of it under `strict`, imports the
// generated zod modules, and passes real sandbox responses through them. Exit 1 on any generator
// failure, any type error, any response a schema refuses, or fewer than MIN_PER_API responses
// checked per generator and API. The tools live in this folder (own package.json and lock file).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_IDS, generateAll, typecheck } from './generate.ts';
import { collectResponses } from './responses.ts';
import { validateAll } from './validate.ts';
import { CLIS } from '../../scripts/clis.ts';
import { cliArgs } from '../../tools/help.ts';

cliArgs(CLIS.generators);

const MIN_PER_API = 20;
const dir = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<number> {
  const started = performance.now();
  const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
  const problems: string[] = [];

  // The sandbox answers do not depend on the generated code: collect them while the tools and tsc run.
  const collecting = (async () => {
    const t = performance.now();
    const responses = await collectResponses();
    return { responses, seconds: since(t) };
  })();
  collecting.catch(() => undefined); // awaited below; a generator failing first must not leave it unhandled
  const { timings } = await generateAll(dir);
  console.log(`generated (${since(started)}): ${Object.entries(timings).map(([k, s]) => `${k} ${s.toFixed(1)} s`).join(', ')}`);

  let t = performance.now();
  const typeErrors = await typecheck(dir);
  console.log(`tsc --noEmit, strict, every generated file: ${typeErrors.length} error(s) (${since(t)})`);
  problems.push(...typeErrors.map((e) => `tsc: ${e}`));

  const { responses, seconds } = await collecting;
  console.log(`real sandbox responses with a JSON body: ${API_IDS.map((a) => `${a} ${responses.filter((r) => r.api === a).length}`).join(', ')} (${seconds}, alongside)`);

  t = performance.now();
  const tallies = await validateAll(dir, responses);
  for (const tally of tallies) {
    const line = `${tally.generator.padEnd(26)} ${tally.api.padEnd(9)} ${String(tally.checked).padStart(4)} responses through ${String(tally.schemas).padStart(2)} schemas, ${String(tally.errors.length).padStart(3)} refused, ${tally.notCovered} error answers it has no schema for`;
    console.log(`  ${tally.errors.length === 0 && tally.checked >= MIN_PER_API ? 'ok  ' : 'FAIL'}  ${line}`);
    for (const e of tally.errors.slice(0, 10)) console.log(`          ${e}`);
    if (tally.errors.length > 10) console.log(`          ... and ${tally.errors.length - 10} more`);
    problems.push(...tally.errors.map((e) => `${tally.generator} ${tally.api}: ${e}`));
    if (tally.checked < MIN_PER_API) problems.push(`${tally.generator} ${tally.api}: only ${tally.checked} responses checked (< ${MIN_PER_API})`);
  }
  console.log(`validated (${since(t)})`);
  for (const p of typeErrors.slice(0, 20)) console.log(`  ${p}`);
  console.log(`generators: ${problems.length === 0 ? 'no error' : `${problems.length} error(s)`} in ${since(started)}`);
  return problems.length === 0 ? 0 : 1;
}

process.exitCode = await main().catch((e: Error) => {
  console.error(e.message);
  return 1;
});
