// Consumer step: the installed sandbox (`npx cryptopay-toolkit serve`) serves the documents the
// package ships, `/openapi/{api}.json` and `/openapi/{api}.yaml`, byte for byte the repository's
// generated/openapi files, with their media types (the JSON was not shipped).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsumerStep } from './context.ts';

const APIS = ['exchange', 'merchant', 'partner'] as const;
const TYPES = { json: 'application/json; charset=utf-8', yaml: 'application/yaml; charset=utf-8' } as const;

export const documentsStep: ConsumerStep = {
  name: 'installed sandbox serves /openapi/{api}.json and .yaml, equal to the repository files',
  async run(ctx) {
    const sandbox = await ctx.startSandbox(ctx.runtimes[0]!);
    try {
      const problems: string[] = [];
      for (const api of APIS) {
        for (const format of ['json', 'yaml'] as const) {
          const path = `/openapi/${api}.${format}`;
          const res = await fetch(`${sandbox.url}${path}`);
          const body = await res.text();
          const expected = readFileSync(join(ctx.repo, 'generated', 'openapi', `${api}.${format}`), 'utf8');
          if (res.status !== 200) problems.push(`${path}: status ${res.status}: ${body.slice(0, 200)}`);
          else if (res.headers.get('content-type') !== TYPES[format]) problems.push(`${path}: content-type ${res.headers.get('content-type')}`);
          else if (body !== expected) problems.push(`${path}: ${body.length} characters, differs from generated/openapi/${api}.${format} (${expected.length})`);
        }
      }
      if (problems.length > 0) throw new Error(problems.join('\n'));
      process.stdout.write(`    ${APIS.length * 2} documents served, each equal to the repository's\n`);
    } finally {
      await sandbox.stop();
    }
  },
};
