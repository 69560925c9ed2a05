// The webhooks the merchant document declares (its OpenAPI 3.1 `webhooks` section), as the CLI sees
// them: each event's payload schema (`x-payload-schema`), its example payload (the `data` of the
// documented example envelope, decoded) and a validator of payloads against the document itself, so
// what `webhooks trigger` sends is checked against the published contract, not against our Zod.
import fc from 'fast-check';
import { base64ToBytes } from '../../contracts/shared/base64.ts';
import { eachOperation, requestBodyOf } from '../../contracts/shared/openapi-walk.ts';
import merchant from '../../generated/openapi/merchant.document.ts';
import { arbitraryFor } from '../contract/arbitrary.ts';
import type { JsonSchema, OpenApiDocument } from '../contract/document.ts';
import { SchemaKit } from '../contract/schemas.ts';

export interface DeclaredWebhook {
  /** The key in `webhooks` (`paymentFound`). */
  event: string;
  summary: string;
  /** The component schema the decoded `data` must match (`PaymentWebhookPayload`). */
  payloadSchemaName: string;
  payloadSchema: JsonSchema;
  /** The documented example's payload, when the document has one. */
  example?: unknown;
}

export interface WebhookCatalog {
  doc: OpenApiDocument;
  kit: SchemaKit;
  events: readonly DeclaredWebhook[];
  /** The declared event, or an error listing the declared ones. */
  get(event: string): DeclaredWebhook;
  /** `path: message` lines when the payload does not match the event's schema, "" when it does. */
  explain(event: DeclaredWebhook, payload: unknown): string;
  /** The document's example payload, else a schema-driven sample (seeded, so reproducible). */
  sample(event: DeclaredWebhook, seed?: number): unknown;
}

type WebhookBody = { content?: Record<string, { example?: { data?: string } }> };

/** The catalog of the generated merchant document (or of another document with a `webhooks` section). */
export function webhookCatalog(doc: OpenApiDocument = structuredClone(merchant) as OpenApiDocument): WebhookCatalog {
  const kit = new SchemaKit(doc, 'merchant-webhooks');
  const schemas = doc.components?.schemas ?? {};
  const events: DeclaredWebhook[] = eachOperation(doc, { sections: ['webhooks'], methods: ['post'] }).map(({ path: event, operation: post }) => {
    const name = post['x-payload-schema'];
    if (typeof name !== 'string' || !schemas[name]) throw new Error(`webhook ${event}: no x-payload-schema naming a component schema`);
    const data = (requestBodyOf(doc, post) as WebhookBody | undefined)?.content?.['application/json']?.example?.data;
    const bytes = typeof data === 'string' ? base64ToBytes(data) : null;
    return {
      event, summary: typeof post.summary === 'string' ? post.summary : event, payloadSchemaName: name,
      payloadSchema: { $ref: `#/components/schemas/${name}` },
      ...(bytes ? { example: JSON.parse(new TextDecoder().decode(bytes)) as unknown } : {}),
    };
  });
  const explain = (e: DeclaredWebhook, payload: unknown) => kit.explain(e.payloadSchema, payload);
  return {
    doc, kit, events, explain,
    get(event) {
      const found = events.find((e) => e.event === event);
      if (!found) throw new Error(`unknown webhook event "${event}": the merchant document declares ${events.map((e) => e.event).join(', ')}`);
      return found;
    },
    sample(e, seed = 1) {
      if (e.example !== undefined && explain(e, e.example) === '') return structuredClone(e.example);
      const [value] = fc.sample(arbitraryFor(e.payloadSchema, { doc }).filter((v) => explain(e, v) === ''), { numRuns: 1, seed });
      return value;
    },
  };
}
