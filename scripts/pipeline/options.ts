// The options the real pipeline runs with (shared by generate and check so they cannot differ):
// the docs transform adds the guide sections and the code samples to every document; the history
// (api-history/) gives CHANGELOG.md and the changes shown in the docs.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCodeSamples } from './code-samples.ts';
import { addGuides } from './doc-guides.ts';
import type { PipelineOptions } from './index.ts';
import { addWebhookSamples } from './webhook-samples.ts';

export const pipelineOptions: PipelineOptions = {
  historyRoot: join(dirname(fileURLToPath(import.meta.url)), '..', '..'),
  transform(doc, contract) {
    addGuides(doc, contract);
    // The sandbox control API is called from tests (client/sandbox.ts), not from samples.
    if (contract.id === 'sandbox') return;
    addCodeSamples(doc, { ...contract, id: contract.id });
    addWebhookSamples(doc, contract);
  },
};
