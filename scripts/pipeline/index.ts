// The generate pipeline as functions: contracts -> every generated file, in memory. `generate`
// writes them, `check` compares them with what is on disk.
import type { AnyContract } from '../../contracts/shared/contract.ts';
import { renderDecisionsPage } from './decisions.ts';
import { renderDocumentModule } from './document-module.ts';
import { renderIndexPage } from './index-page.ts';
import { renderOpenApi } from './openapi.ts';
import { renderRedoc } from './redoc.ts';
import { renderTypes } from './types.ts';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

export interface PipelineOptions {
  /** Skip the Redoc pages (slow-ish); used by tests that only look at documents and types. */
  skipDocs?: boolean;
  /** Extra transform applied to each OpenAPI document before it is written (docs add code samples). */
  transform?: (doc: Record<string, unknown>, contract: AnyContract) => void;
}

export async function generateAll(contracts: readonly AnyContract[], opts: PipelineOptions = {}): Promise<GeneratedFile[]> {
  const perApi = await Promise.all(
    contracts.map(async (contract) => {
      const { doc, yaml, json } = renderOpenApi(contract, (d) => opts.transform?.(d, contract));
      const [types, html] = await Promise.all([
        renderTypes(doc),
        opts.skipDocs ? Promise.resolve(undefined) : renderRedoc(yaml, `${contract.title} v${contract.version}`),
      ]);
      const files: GeneratedFile[] = [
        { path: `generated/openapi/${contract.id}.json`, content: json },
        { path: `generated/openapi/${contract.id}.yaml`, content: yaml },
        { path: `generated/types/${contract.id}.ts`, content: types },
        renderDocumentModule(contract.id, yaml),
      ];
      if (html !== undefined) files.push({ path: `docs/${contract.id}.html`, content: html });
      return files;
    }),
  );
  const files = perApi.flat();
  files.push({ path: 'docs/decisions.md', content: renderDecisionsPage(contracts) });
  if (!opts.skipDocs) files.push({ path: 'docs/index.html', content: renderIndexPage(contracts) });
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
