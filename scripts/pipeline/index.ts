// The generate pipeline as functions: contracts -> every generated file, in memory. `generate`
// writes them, `check` compares them with what is on disk.
import type { AnyContract, ApiContract } from '../../contracts/shared/contract.ts';
import { renderConsoleBundle } from './console-bundle.ts';
import { consolePlan, embedConsole } from './console-plan.ts';
import { renderDecisionsPage } from './decisions.ts';
import { renderDocumentModule } from './document-module.ts';
import { renderIndexPage } from './index-page.ts';
import { readGuides, renderGuidePage } from './guides.ts';
import { changeEntries, lastChange, renderChangelogFile, renderChanges, type ChangeEntry } from './changelog.ts';
import { renderOpenApi, toYaml } from './openapi.ts';
import { GENERATED_NOTE } from './header.ts';
import { jsonSchemaOf, schemaFilePath } from '../../contracts/shared/schema-files.ts';
import { renderRedoc } from './redoc.ts';
import { renderTypes } from './types.ts';
import type { GeneratedFile } from './generated-file.ts';
import { ARAZZO_APIS, arazzoFiles } from '../arazzo/generate.ts';
import type { OpenApiDocument } from '../../tools/contract/document.ts';

export type { GeneratedFile } from './generated-file.ts';

export interface PipelineOptions {
  /** Skip the Redoc pages (slow-ish); used by tests that only look at documents and types. */
  skipDocs?: boolean;
  /** Extra transform applied to each OpenAPI document before it is written (docs add code samples). */
  transform?: (doc: Record<string, unknown>, contract: AnyContract) => void;
  /** Repository root holding api-history/: adds CHANGELOG.md, each reference's "Changes" and the index's last change. */
  historyRoot?: string;
}

/** The reference page's input: the document with a "Changes" section at the end of its description. */
function withChanges(doc: Record<string, unknown>, entries: ChangeEntry[]): string {
  const info = doc.info as Record<string, unknown>;
  return toYaml({ ...doc, info: { ...info, description: `${String(info.description)}\n\n## Changes\n\n${renderChanges(entries)}\n` } });
}

/** The released APIs have a history; the sandbox control API (a testing tool, never released) has none. */
const isApi = (c: AnyContract): c is ApiContract => c.id !== 'sandbox';

export async function generateAll(contracts: readonly AnyContract[], opts: PipelineOptions = {}): Promise<GeneratedFile[]> {
  const changes: { contract: ApiContract; entries: ChangeEntry[] }[] = [];
  const rendered: Record<string, OpenApiDocument> = {};
  const perApi = await Promise.all(
    contracts.map(async (contract) => {
      const { doc, yaml, json } = renderOpenApi(contract, (d) => opts.transform?.(d, contract));
      rendered[contract.id] = doc as OpenApiDocument;
      const entries = opts.historyRoot && isApi(contract) ? changeEntries(opts.historyRoot, contract, doc) : undefined;
      if (isApi(contract)) changes.push({ contract, entries: entries ?? [] });
      const [types, html] = await Promise.all([
        renderTypes(doc),
        opts.skipDocs ? Promise.resolve(undefined) : renderRedoc(entries ? withChanges(doc, entries) : yaml, `${contract.title} v${contract.version}`),
      ]);
      const files: GeneratedFile[] = [
        { path: `generated/openapi/${contract.id}.json`, content: json },
        { path: `generated/openapi/${contract.id}.yaml`, content: yaml },
        { path: `generated/types/${contract.id}.ts`, content: types },
        renderDocumentModule(contract.id, yaml),
        // JSON has no comments: the generated note is the first member, a JSON Schema `$comment`.
        ...Object.entries(contract.schemaFiles ?? {}).map(([name, schema]) => ({
          path: schemaFilePath(name),
          content: `${JSON.stringify({ $comment: GENERATED_NOTE, ...jsonSchemaOf(name, schema) }, null, 2)}\n`,
        })),
      ];
      // Every reference page carries the try-it console (tools/console): its plan, and docs/console.js.
      if (html !== undefined) files.push({ path: `docs/${contract.id}.html`, content: embedConsole(html, consolePlan(contract, doc)) });
      return files;
    }),
  );
  const files = perApi.flat();
  // The Arazzo flows follow the documents' links (and the sandbox's clock): written when all of them are generated.
  if ([...ARAZZO_APIS, 'sandbox'].every((id) => id in rendered)) files.push(...arazzoFiles(rendered));
  files.push({ path: 'docs/decisions.md', content: renderDecisionsPage(contracts) });
  const order = (c: AnyContract) => contracts.indexOf(c);
  changes.sort((a, b) => order(a.contract) - order(b.contract));
  const last = opts.historyRoot ? Object.fromEntries(changes.map((c) => [c.contract.id, lastChange(c.entries)])) : undefined;
  if (!opts.skipDocs) {
    // Every guide under docs/guides, whoever wrote it, is a page beside the references and listed on the index.
    const guides = readGuides();
    files.push({ path: 'docs/index.html', content: renderIndexPage(contracts, last, guides) }, await renderConsoleBundle());
    for (const g of guides) files.push({ path: `docs/guides/${g.name}.html`, content: renderGuidePage(g, guides) });
  }
  if (opts.historyRoot) files.push({ path: 'CHANGELOG.md', content: renderChangelogFile(changes) });
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
