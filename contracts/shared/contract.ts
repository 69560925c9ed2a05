// What one API contributes to the pipeline: document metadata, security schemes, operations and
// webhooks. `buildDocument` turns it into an OpenAPI 3.1 document.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { formEncodings, hoistResponses, plainSlashes } from './document-shape.ts';
import { renderDecisions, type Decision } from './decision.ts';
import { bodyFieldRules, closedTuples, requestDefaultsInBodies, typedObjectUnions } from './document-readers.ts';
import { FORM_FIELD_NAMES } from './wire-forms.ts';
import { writeLinks, type LinkTable } from './links.ts';
import { documentedOperations, registerOperations, registerWebhooks, type IdempotentPosts, type OperationMap, type WebhookSpec } from './operation.ts';
import type { ReleaseState } from './release.ts';
import type { z } from './zod.ts';

export { renderDecisions, type Decision } from './decision.ts';

export type ApiId = 'exchange' | 'merchant' | 'partner';
/** Every generated document: the three APIs and the sandbox control API (served only by a sandbox). */
export type DocumentId = ApiId | 'sandbox';

export interface ApiContract<Ops extends OperationMap = OperationMap, Id extends DocumentId = ApiId> {
  id: Id;
  title: string;
  /** Semver; from contracts/<api>/release.ts. */
  version: string;
  /** Changes since the last release (contracts/<api>/release.ts); read by the check's breaking-change gate. */
  unreleased?: ReleaseState['unreleased'];
  /** Markdown shown at the top of the docs: auth, decisions, limits. */
  description: string;
  /** Path prefix the API is served under, e.g. `/api/v1`. */
  basePath: string;
  tags: { name: string; description: string }[];
  securitySchemes: Record<string, Record<string, unknown>>;
  operations: Ops;
  webhooks?: Record<string, WebhookSpec>;
  /** Named schemas the document lists though no operation names them directly (webhook payloads, enumerations). */
  extraSchemas?: Record<string, z.ZodType>;
  /** Named schemas no HTTP exchange carries (CSV rows): JSON Schema files beside the document (schema-files.ts). */
  schemaFiles?: Record<string, z.ZodType>;
  /** Every "not shown" of the document, decided: rendered once into the description, and into docs/decisions.md. */
  decisions: Decision[];
  /** OpenAPI links from the operations that produce ids to those that take them (links.ts). */
  links?: LinkTable;
  /** Every POST takes an optional Idempotency-Key (contracts/shared/idempotency.ts). */
  idempotentPosts?: IdempotentPosts;
  /** JSON Schema of the body fields an operation does not declare (`additionalProperties`); absent: any value. */
  extraBodyFields?: Record<string, unknown>;
  /** Other top-level `x-` extensions. */
  extensions?: Record<`x-${string}`, unknown>;
}

/** Any generated document's contract, the sandbox control API's included. */
export type AnyContract = ApiContract<OperationMap, DocumentId>;

export function buildDocument(contract: AnyContract): Record<string, unknown> {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(contract.securitySchemes)) {
    registry.registerComponent('securitySchemes', name, scheme as never);
  }
  for (const [name, schema] of Object.entries(contract.extraSchemas ?? {})) registry.register(name, schema);
  registerOperations(registry, contract.operations, contract.idempotentPosts);
  if (contract.webhooks) registerWebhooks(registry, contract.webhooks);
  const generator = new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' });
  const doc = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: contract.title,
      version: contract.version,
      description: `${contract.description}\n\n## Decisions on what the document leaves open\n\n${renderDecisions(contract.decisions)}\n`,
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Platform team', email: 'platform@example.com' },
    },
    servers: [
      { url: contract.basePath, description: 'Relative to the host serving this document' },
      { url: `http://127.0.0.1:8080${contract.basePath}`, description: 'Local sandbox (npm start)' },
    ],
    tags: contract.tags,
    ...(contract.extensions ?? {}),
  }) as unknown as Record<string, unknown>;
  writeLinks(doc, contract.operations, contract.links);
  hoistResponses(doc, documentedOperations(contract.operations, contract.idempotentPosts));
  formEncodings(doc);
  plainSlashes(doc);
  typedObjectUnions(doc);
  bodyFieldRules(doc, FORM_FIELD_NAMES as unknown as Record<string, unknown>, contract.extraBodyFields);
  closedTuples(doc);
  requestDefaultsInBodies(doc);
  return doc;
}
