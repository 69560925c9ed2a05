// The generate pipeline: deterministic, headed, and a contract change reaches every artifact.
import { describe, expect, it } from 'vitest';
import { contracts } from '../contracts/index.ts';
import { z } from '../contracts/shared/zod.ts';
import { exchangeContract } from '../contracts/exchange/index.ts';
import { generateAll } from '../scripts/pipeline/index.ts';
import { pipelineOptions } from '../scripts/pipeline/options.ts';
import { GENERATED_NOTE } from '../scripts/pipeline/header.ts';

describe('generate pipeline', () => {
  it('is deterministic and heads every file with the generated note', async () => {
    const [a, b] = await Promise.all([
      generateAll(contracts, { ...pipelineOptions, skipDocs: true }),
      generateAll(contracts, { ...pipelineOptions, skipDocs: true }),
    ]);
    expect(a).toEqual(b);
    expect(a.map((f) => f.path)).toEqual([
      'CHANGELOG.md',
      'docs/decisions.md',
      'generated/openapi/exchange.document.ts',
      'generated/openapi/exchange.json',
      'generated/openapi/exchange.yaml',
      'generated/openapi/merchant.document.ts',
      'generated/openapi/merchant.json',
      'generated/openapi/merchant.yaml',
      'generated/openapi/partner.document.ts',
      'generated/openapi/partner.json',
      'generated/openapi/partner.yaml',
      'generated/schemas/InvoiceCsvRow.schema.json',
      'generated/schemas/MerchantCsvRow.schema.json',
      'generated/types/exchange.ts',
      'generated/types/merchant.ts',
      'generated/types/partner.ts',
    ]);
    for (const file of a) expect(file.content.split('\n').slice(0, 2).join('\n')).toContain(GENERATED_NOTE);
  });

  it('carries a changed contract field into the document, the types and the docs page', async () => {
    const op = exchangeContract.operations.getTimestamp;
    const changed = {
      ...exchangeContract,
      operations: {
        ...exchangeContract.operations,
        getTimestamp: {
          ...op,
          responses: {
            ...op.responses,
            200: {
              description: 'Server time',
              schema: z.object({ server_time_renamed: z.number().int() }).openapi('RenamedTimestamp'),
              example: { server_time_renamed: 1 },
            },
          },
        },
      },
    };
    const files = await generateAll([changed], pipelineOptions);
    const byPath = Object.fromEntries(files.map((f) => [f.path, f.content]));
    expect(byPath['generated/openapi/exchange.yaml']).toContain('server_time_renamed');
    expect(byPath['generated/openapi/exchange.yaml']).toContain('RenamedTimestamp:');
    expect(byPath['generated/types/exchange.ts']).toMatch(/RenamedTimestamp: \{\s+server_time_renamed: number;/);
    expect(byPath['docs/exchange.html']).toContain('server_time_renamed');
  });
});
