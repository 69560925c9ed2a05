// The documents exactly as `npm run generate` writes them (the docs transform applied: guides,
// x-codeSamples), and their code samples by operation or webhook, for the tests of the samples.
import { contracts } from '../contracts/index.ts';
import type { CodeSample } from '../scripts/pipeline/code-samples.ts';
import { renderOpenApi } from '../scripts/pipeline/openapi.ts';
import { pipelineOptions } from '../scripts/pipeline/options.ts';

type Json = Record<string, unknown>;

export const documents = Object.fromEntries(
  contracts.map((c) => [c.id, renderOpenApi(c, (d) => pipelineOptions.transform!(d, c)).doc]),
) as Record<string, Json>;

/** Each operation's (or webhook's) x-codeSamples, by operationId. */
export function samplesOf(doc: Json, section: 'paths' | 'webhooks' = 'paths'): Map<string, CodeSample[]> {
  const out = new Map<string, CodeSample[]>();
  for (const item of Object.values((doc[section] ?? {}) as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) out.set(String(op.operationId), op['x-codeSamples'] as CodeSample[]);
  }
  return out;
}
